import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels

/// The project's own pictures (drawn by `make-assets`): where they are and how they are drawn.
nonisolated public enum Assets {
    /// A file every assets folder has, to tell it from any other folder called "assets".
    static let marker = "io.github.touchdesk.TouchDesk.desktop"

    /// Finds the assets folder: $TOUCHDESK_ASSETS when set; else an `assets` folder next to the
    /// build (walking up from the executable, as `swift run` and the tests run it); else
    /// PREFIX/share/touchdesk/assets for an installed binary in PREFIX/bin.
    public static func locate(_ env: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = Assets.executablePath()) -> String? {
        if let dir = env["TOUCHDESK_ASSETS"], !dir.isEmpty {
            return dir
        }
        var dir = (executable as NSString).deletingLastPathComponent
        for _ in 0..<6 {
            let candidate = dir + "/assets"
            if FileManager.default.fileExists(atPath: candidate + "/" + marker) { return candidate }
            let installed = dir + "/share/touchdesk/assets"
            if FileManager.default.fileExists(atPath: installed + "/" + marker) { return installed }
            let parent = (dir as NSString).deletingLastPathComponent
            if parent == dir { break }
            dir = parent
        }
        return nil
    }

    /// The running executable's real path (through /proc, so symlinks like .build/debug resolve).
    public static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// Loads PNG pictures from one folder once each and draws them scaled to fit. A missing or
/// corrupt file is reported once (to stderr, naming the file) and drawn as a crossed box, so an
/// app always opens. One store per app: no shared mutable state between apps.
public final class ImageStore {
    public let directory: String?
    private var cache: [String: ImageSurface?] = [:]
    /// Warnings already written, for tests and for the app to show.
    public private(set) var warnings: [String] = []
    private let warn: (String) -> Void

    public init(directory: String?, warn: @escaping (String) -> Void = { FileHandle.standardError.write(Data("touchdesk: \($0)\n".utf8)) }) {
        self.directory = directory
        self.warn = warn
    }

    /// The image surface for `name` (a path under the folder, without ".png"), or nil when it
    /// cannot be loaded.
    public func image(_ name: String) -> ImageSurface? {
        if let cached = cache[name] { return cached }
        let loaded = load(name)
        cache[name] = loaded
        return loaded
    }

    private func load(_ name: String) -> ImageSurface? {
        guard let directory else {
            report("no assets folder found for \(name).png (set TOUCHDESK_ASSETS)")
            return nil
        }
        let path = directory + "/" + name + ".png"
        guard FileManager.default.isReadableFile(atPath: path) else {
            report("cannot read picture \(path)")
            return nil
        }
        do {
            return try ImageSurface.decodePNG(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            report("picture \(path) is not a valid PNG (\(error))")
            return nil
        }
    }

    private func report(_ message: String) {
        warnings.append(message)
        warn(message)
    }

    /// Draws `name` scaled to fit `rect` keeping its aspect ratio, centred; a crossed box when the
    /// picture cannot be loaded.
    public func draw(_ name: String, in rect: Rect, _ cr: CairoContext) {
        guard let s = image(name) else {
            Self.drawPlaceholder(in: rect, cr)
            return
        }
        let w = s.size.width, h = s.size.height
        guard w > 0, h > 0, rect.width > 0, rect.height > 0 else { return }
        let k = min(rect.width / w, rect.height / h)
        cr.draw(s, in: Rect(x: rect.midX - w * k / 2, y: rect.midY - h * k / 2, width: w * k, height: h * k))
    }

    /// A grey box with both diagonals: "a picture belongs here but could not be loaded".
    public static func drawPlaceholder(in rect: Rect, _ cr: CairoContext) {
        cr.save()
        Color(0.5, 0.5, 0.55).set(cr)
        cr.setLineWidth(2)
        let r = rect.insetBy(2)
        cr.rectangle(r)
        cr.moveTo(r.minX, r.minY); cr.lineTo(r.maxX, r.maxY)
        cr.moveTo(r.maxX, r.minY); cr.lineTo(r.minX, r.maxY)
        cr.stroke()
        cr.restore()
    }
}

import CX11Cairo
import Foundation
import TouchDeskModels

/// The project's own pictures (drawn by `make-assets`): where they are and how they are drawn.
public enum Assets {
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
    private var cache: [String: OpaquePointer?] = [:]
    /// Warnings already written, for tests and for the app to show.
    public private(set) var warnings: [String] = []
    private let warn: (String) -> Void

    public init(directory: String?, warn: @escaping (String) -> Void = { FileHandle.standardError.write(Data("touchdesk: \($0)\n".utf8)) }) {
        self.directory = directory
        self.warn = warn
    }

    deinit {
        for case let s? in cache.values { cairo_surface_destroy(s) }
    }

    /// The image surface for `name` (a path under the folder, without ".png"), or nil when it
    /// cannot be loaded.
    public func image(_ name: String) -> OpaquePointer? {
        if let cached = cache[name] { return cached }
        let loaded = load(name)
        cache[name] = loaded
        return loaded
    }

    private func load(_ name: String) -> OpaquePointer? {
        guard let directory else {
            report("no assets folder found for \(name).png (set TOUCHDESK_ASSETS)")
            return nil
        }
        let path = directory + "/" + name + ".png"
        guard FileManager.default.isReadableFile(atPath: path) else {
            report("cannot read picture \(path)")
            return nil
        }
        let s = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            report("picture \(path) is not a valid PNG (\(String(cString: cairo_status_to_string(status))))")
            return nil
        }
        return s
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
        let w = Double(cairo_image_surface_get_width(s)), h = Double(cairo_image_surface_get_height(s))
        guard w > 0, h > 0, rect.width > 0, rect.height > 0 else { return }
        let k = min(rect.width / w, rect.height / h)
        cairo_save(cr)
        cairo_translate(cr, rect.midX - w * k / 2, rect.midY - h * k / 2)
        cairo_scale(cr, k, k)
        cairo_set_source_surface(cr, s, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// A grey box with both diagonals: "a picture belongs here but could not be loaded".
    public static func drawPlaceholder(in rect: Rect, _ cr: CairoContext) {
        cairo_save(cr)
        Color(0.5, 0.5, 0.55).set(cr)
        cairo_set_line_width(cr, 2)
        let r = rect.insetBy(2)
        Draw.rect(cr, r)
        cairo_move_to(cr, r.minX, r.minY); cairo_line_to(cr, r.maxX, r.maxY)
        cairo_move_to(cr, r.maxX, r.minY); cairo_line_to(cr, r.minX, r.maxY)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}

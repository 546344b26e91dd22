import TouchDeskDrawing
import Foundation
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels

/// The project's own pictures (drawn by `make-assets`): where they are and how they are drawn.
nonisolated public enum Assets {
    /// A file every assets folder has, to tell it from any other folder called "assets".
    public static let marker = "io.github.touchdesk.TouchDesk.desktop"

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
    /// Each picture scaled once to the pixel size it was last drawn at, so a frame paints a copy
    /// instead of resampling the whole picture every time.
    private(set) var scaled: [String: (width: Int, height: Int, surface: ImageSurface)] = [:]

    /// The largest scaled copy kept, per side.
    public nonisolated static let maxSide = 4096
    /// Warnings already written, for tests and for the app to show.
    private(set) var warnings: [String] = []
    private let warn: (String) -> Void

    public init(directory: String?, warn: @escaping (String) -> Void = { TouchDeskFiles.warn($0) }) {
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
        switch PictureReader.read(path, scale: 1) {
        case .success(let picture): return picture.surface
        // The reader's message names the path already ("cannot read PATH: …", "refused PATH: …").
        case .failure(let why): report(why.description); return nil
        }
    }

    private func report(_ message: String) {
        warnings.append(message)
        warn(message)
    }

    /// Where larger copies of a folder's pictures live: "stickman/hat" has "stickman@4x/hat", four
    /// times the pixels per side, for when it is shown larger than its own file.
    public nonisolated static let largeSuffix = "@4x"

    /// The larger copy's name, when the folder has one on disk (a missing one is no error).
    private func largeName(_ name: String) -> String? {
        guard let directory, let slash = name.firstIndex(of: "/") else { return nil }
        let large = String(name[..<slash]) + Self.largeSuffix + String(name[slash...])
        return FileManager.default.fileExists(atPath: directory + "/" + large + ".png") ? large : nil
    }

    /// Which picture `name` is shown from in `rect` at `scale` pixels per point (its larger copy
    /// when it is shown at more pixels than its own file has, so it is not a small picture blown
    /// up), and where it lands: scaled to fit keeping its aspect ratio, centred. Loads the files
    /// when `loading`; else only what is loaded already. nil when the picture cannot be shown.
    private func shown(_ name: String, in rect: Rect, scale: Double, loading: Bool) -> (name: String, picture: ImageSurface, target: Rect)? {
        guard var s = loading ? image(name) : cache[name] ?? nil else { return nil }
        var name = name
        let shown = min(rect.width / s.size.width, rect.height / s.size.height) * Double(s.pixelWidth) * scale
        if shown > Double(s.pixelWidth) * 1.1, let large = largeName(name), let big = loading ? image(large) : cache[large] ?? nil {
            s = big
            name = large
        }
        let w = s.size.width, h = s.size.height
        guard w > 0, h > 0, rect.width > 0, rect.height > 0 else { return nil }
        let k = min(rect.width / w, rect.height / h)
        return (name, s, Rect(x: rect.midX - w * k / 2, y: rect.midY - h * k / 2, width: w * k, height: h * k))
    }

    /// Loads `name` and resamples it once to the pixel size it is shown at in `rect`, for `draw`.
    /// `quick` while the window is still being resized: a copy made for another size stands in
    /// (scaled as it is painted), rather than a new copy resampled for every size a drag passes through.
    public func prepare(_ name: String, in rect: Rect, scale: Double, quick: Bool = false) {
        guard let (name, s, target) = shown(name, in: rect, scale: scale, loading: true) else { return }
        if quick, scaled[name] != nil { return }
        _ = scaledCopy(name, s, points: target.size, scale: scale)
    }

    /// Draws `name` as `prepare` left it: its copy at the shown size (or, while a resize is
    /// quick, at the last size), scaled to fit `rect`; a crossed box when the picture cannot be
    /// loaded. Only reads.
    public func draw(_ name: String, in rect: Rect, _ cr: CairoContext) {
        guard let (name, s, target) = shown(name, in: rect, scale: cr.deviceScale, loading: false) else {
            if rect.width > 0, rect.height > 0 { Self.drawPlaceholder(in: rect, cr) }
            return
        }
        cr.draw(scaled[name]?.surface ?? s, in: target, filter: .good)
    }

    /// Draws `name` resampled straight from its file into `rect`, for a caller that keeps what it
    /// draws (a composite), with no copy kept at that size.
    public func drawUncached(_ name: String, in rect: Rect, _ cr: CairoContext) {
        guard let (_, s, target) = shown(name, in: rect, scale: cr.deviceScale, loading: true) else {
            Self.drawPlaceholder(in: rect, cr)
            return
        }
        cr.draw(s, in: target, filter: .good)
    }

    /// `picture` resampled once to `points` at `scale`, kept until another size is asked for.
    private func scaledCopy(_ name: String, _ picture: ImageSurface, points: Size, scale: Double) -> ImageSurface {
        let pw = Int((points.width * scale).rounded(.up)), ph = Int((points.height * scale).rounded(.up))
        // A picture drawn at its own size (or a size too large to keep) needs no copy.
        if (pw == picture.pixelWidth && ph == picture.pixelHeight) || pw * ph > Self.maxSide * Self.maxSide {
            scaled[name] = nil
            return picture
        }
        if let c = scaled[name], c.width == pw, c.height == ph { return c.surface }
        let copy = ImageSurface.render(size: points, scale: scale) { cr in
            // Cairo's good filter: box-filtered when shrinking, bilinear when enlarging; its best
            // (a wide kernel) took seconds for a 1600-pixel layer shown at 4K and looks the same here.
            cr.draw(picture, in: Rect(x: 0, y: 0, width: points.width, height: points.height), filter: .good)
        }
        scaled[name] = (pw, ph, copy)
        return copy
    }

    /// The file `name` is drawn from when shown `pixels` wide: its larger copy when it has one
    /// and is shown larger than its own file. nil when the picture cannot be loaded.
    public func file(_ name: String, shownAt pixels: Int) -> String? {
        guard let directory, let s = image(name) else { return nil }
        if Double(pixels) > Double(s.pixelWidth) * 1.1, let large = largeName(name) { return directory + "/" + large + ".png" }
        return directory + "/" + name + ".png"
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

/// The size a PNG file says it has, read from its first 24 bytes (signature, then the IHDR chunk).

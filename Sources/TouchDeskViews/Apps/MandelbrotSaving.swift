import Foundation
import MandelbrotEngine
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels

/// Saving Mandelbrot pictures off the UI thread: the window hands over the picture's values and
/// colouring (copy-on-write arrays, so handing over copies nothing), and a background job colours,
/// encodes and writes the PNG. The window starts one save at a time.
nonisolated enum MandelbrotSaving {
    /// What one save came to: the path written, or every folder's reason for failing.
    typealias Outcome = Result<String, SaveFailure>

    struct SaveFailure: Error, Sendable { let reason: String }

    /// Colours `picture` into a PNG and writes it to the first of `paths` that works.
    static func write(_ picture: MandelbrotPicture, _ coloring: MandelbrotColoring, scale: Double, to paths: [String]) -> Outcome {
        guard picture.width > 0, picture.height > 0 else { return .failure(SaveFailure(reason: "nothing to save")) }
        let surface = ImageSurface(size: Size(Double(picture.width) / scale, Double(picture.height) / scale), scale: scale, format: .rgb)
        guard surface.pixelWidth == picture.width, surface.pixelHeight == picture.height else {
            return .failure(SaveFailure(reason: "the picture is \(picture.width)×\(picture.height), too big for an image"))
        }
        surface.withPixels { base, stride in picture.paint(coloring, into: base, stride: stride) }
        let data: Data
        do { data = try surface.pngData() } catch { return .failure(SaveFailure(reason: "\(error)")) }
        var reasons: [String] = []
        for path in paths {
            do {
                try AtomicFile.write(data, to: path)
                return .success(path)
            } catch {
                reasons.append(error.description)
            }
        }
        return .failure(SaveFailure(reason: reasons.isEmpty ? "no folder to save in" : reasons.joined(separator: "; ")))
    }

    /// Renders `frame` completely on `renderer`'s workers, then saves it like `write`; stops
    /// early (saying so) if the renderer is given another frame or cancelled.
    static func renderAndWrite(_ frame: MandelbrotFrame, renderer: MandelbrotRenderer, palette: MandelbrotPaletteKind,
                               period: Int, to paths: [String]) -> Outcome {
        var picture = MandelbrotPicture(width: frame.width, height: frame.height)
        let gen = renderer.start(frame, tasks: picture.plan())
        while true {
            for tile in renderer.drain() { picture.apply(tile) }
            if renderer.currentGeneration != gen { return .failure(SaveFailure(reason: "cancelled")) }
            if !renderer.isRendering { break }
            usleep(5000)
        }
        for tile in renderer.drain() { picture.apply(tile) }
        guard picture.isComplete else { return .failure(SaveFailure(reason: "cancelled")) }
        return write(picture, picture.coloring(palette, period: period), scale: 1, to: paths)
    }
}

extension AppEnvironment {
    /// New, unused picture paths for `stem`: one per folder to try, best first.
    func freshPicturePaths(stem: String) -> [String] {
        pictureDirectoriesToTry.map { ImageFile.freshName(in: $0, stem: stem) }
    }

    /// What a background save came to, as the user reads it (home as ~); failures also go to stderr.
    func savedPicture(_ outcome: MandelbrotSaving.Outcome) -> SavedPicture {
        switch outcome {
        case .success(let path):
            return .saved(path: path, shown: path.hasPrefix(homeDirectory + "/") ? "~" + path.dropFirst(homeDirectory.count) : path)
        case .failure(let f):
            FileHandle.standardError.write(Data(("touchdesk: " + f.reason + "\n").utf8))
            return .failed(f.reason)
        }
    }
}

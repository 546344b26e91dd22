import Foundation
import MandelbrotEngine
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Saving Mandelbrot pictures off the UI thread. The window hands the picture's values and
/// colouring (copy-on-write arrays, so handing them over copies nothing) to the shared
/// `BackgroundWriter`, whose thread colours, encodes and writes the PNG, one save at a time. A big
/// picture (Shift+Ctrl+S) is first rendered on a thread of its own, so the writer is never held up
/// by a render.
nonisolated enum MandelbrotSaving {
    struct Failure: Error, CustomStringConvertible, Sendable { let description: String }

    /// The writer's job for `picture`: colour it, encode it, write it to `target` (chosen in the
    /// file dialog, replaced whole) or else under a fresh name in the first of `folders` that
    /// works, and add it to the desktop's recent files (`recent`); returns the path.
    static func job(_ picture: MandelbrotPicture, _ coloring: MandelbrotColoring, scale: Double,
                    folders: [String], stem: String, target: String? = nil, recent: AppEnvironment? = nil) -> @Sendable () throws -> String {
        return {
            guard picture.width > 0, picture.height > 0 else { throw Failure(description: tr("nothing to save")) }
            let surface = ImageSurface(size: Size(Double(picture.width) / scale, Double(picture.height) / scale), scale: scale, format: .rgb)
            guard surface.pixelWidth == picture.width, surface.pixelHeight == picture.height else {
                throw Failure(description: tr("the picture is {0}×{1}, too big for an image", "\(picture.width)", "\(picture.height)"))
            }
            surface.withPixels { base, stride in picture.paint(coloring, into: base, stride: stride) }
            let data = try surface.pngData()
            let path: String
            if let target {
                try AtomicFile.write(data, to: target, createFolder: nil)
                path = target
            } else {
                path = try ImageFile.writeFresh(data, folders: folders, stem: stem)
            }
            recent?.noteRecentFile(path)
            return path
        }
    }

    /// Renders `frame` completely on `renderer`'s workers; nil if the renderer is given another
    /// frame or cancelled first.
    static func render(_ frame: MandelbrotFrame, on renderer: MandelbrotRenderer) -> MandelbrotPicture? {
        var picture = MandelbrotPicture(width: frame.width, height: frame.height)
        let gen = renderer.start(frame, tasks: picture.plan())
        while true {
            for tile in renderer.drain() { picture.apply(tile) }
            if renderer.currentGeneration != gen { return nil }
            if !renderer.isRendering { break }
            usleep(5000)
        }
        for tile in renderer.drain() { picture.apply(tile) }
        return picture.isComplete ? picture : nil
    }
}

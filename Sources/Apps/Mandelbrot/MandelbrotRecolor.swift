import Synchronization
import MandelbrotEngine
import TouchDeskDrawing
import TouchDeskModels
import TouchDeskToolkit

/// The Mandelbrot window's recolour, on a thread of its own: fits the palette to the picture's
/// values (reusing their statistics when the values have not changed) and, if the colours
/// change, paints every pixel into a surface the window is not showing. The window picks the
/// outcome up in its tick (`MandelbrotApp.pickUpRecolour`) and keeps the previous colours until
/// then.
nonisolated enum MandelbrotRecolor {
    /// A surface handed to the recolour thread: the window does not touch it until the outcome
    /// is picked up, so whichever thread has it owns it.
    struct Canvas: @unchecked Sendable {
        let surface: ImageSurface
        init(_ surface: ImageSurface) { self.surface = surface }
    }

    /// Set by the window when a newer request or a new picture makes the recolour useless: the
    /// painting stops within 16 rows.
    final class Stop: Sendable {
        private let flag = Atomic<Bool>(false)
        func set() { flag.store(true, ordering: .relaxed) }
        var isSet: Bool { flag.load(ordering: .relaxed) }
    }

    struct Outcome: Sendable {
        /// The fitted colouring; nil if stopped before fitting.
        var coloring: MandelbrotColoring?
        /// The values' statistics (worth keeping even when stopped).
        var stats: MandelbrotValueStats?
        /// Every pixel was painted into the canvas in `coloring`.
        var painted = false
        /// Not stopped: the outcome can be shown.
        var finished = false
    }

    /// Fits `kind` to `picture` (with `stats` if known) and paints it into `canvas` unless the
    /// colours are those of `shown` (or no pixel's colour depends on the palette).
    static func run(_ picture: MandelbrotPicture, kind: MandelbrotPaletteKind, period: Int, stats known: MandelbrotValueStats?,
                    shown: MandelbrotColoring?, into canvas: Canvas, stop: Stop) -> Outcome {
        var out = Outcome()
        let stats = known ?? picture.stats(histogram: kind == .histogram)
        out.stats = stats
        let fitted = MandelbrotColoring(kind: kind, period: period, stats: stats)
        out.coloring = fitted
        if let shown, fitted.paintsLike(shown) || stats.total == 0 {
            // Every pixel keeps its colour (with no escaped pixel known, none depends on the palette).
            out.finished = !stop.isSet
            return out
        }
        guard !stop.isSet else { return out }
        canvas.surface.withPixels { base, stride in
            picture.paint(fitted, into: base, stride: stride, stop: { stop.isSet })
        }
        out.painted = true
        out.finished = !stop.isSet
        return out
    }
}

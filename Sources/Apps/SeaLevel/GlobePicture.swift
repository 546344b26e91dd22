import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskToolkit

/// Sea Level's rendered globe: the picture that shows, the renderers that make it, and a tilted
/// view's full picture being traced on its own thread.
///
/// Big windows and tilted views draw coarse pictures while the globe moves (half the size each
/// way); at rest the full one follows: on the UI thread straight down (31 ms of CPU at
/// 1920 × 1080), on a thread of its own tilted (110 ms), the coarse one showing meanwhile.
final class GlobePicture {
    struct Key: Equatable {
        var view: GlobeView, level: Int, style: GlobeStyle, size: Size, scale: Double
        /// While moving: one pixel (straight down) or ray (tilted) per `coarse`² pixels.
        var coarse: Int
    }

    /// Straight down, pictures of this many pixels or more are drawn coarse while moving
    /// (1920 × 1080 is 2.1 million; 900 × 640 at 2× is 2.3 million).
    static let coarseFromPixels = 1_500_000

    /// Replaced when the app is left: its geometry is rebuilt in milliseconds.
    private var renderer = GlobeRenderer()
    private let tiltedRenderer = TiltedRenderer()
    private(set) var shown: (key: Key, surface: ImageSurface)?
    /// A tilted view's full picture, traced on a thread of its own while the coarse one shows.
    private(set) var sharpening: (key: Key, job: BackgroundJob<[UInt32]>)?
    /// How many times the globe was rendered (a test checks it stays put while nothing changes).
    private(set) var renderCount = 0

    var surface: ImageSurface? { shown?.surface }

    /// Makes the picture show `key` (its `coarse` says whether the globe moves): at once, or
    /// coarse now and full on a thread (tilted at rest).
    func refresh(_ globe: GlobeData, _ wanted: Key) {
        var key = wanted
        let pixels = wanted.size.width * wanted.scale * wanted.size.height * wanted.scale
        if !key.view.isTilted && pixels < Double(Self.coarseFromPixels) { key.coarse = 1 }
        if let shown, shown.key == key { return }
        // At rest, a coarse picture of the same view is sharpened; a fine one is never coarsened.
        var fine = key
        fine.coarse = 1
        if let shown, shown.key == fine { return }
        if key.view.isTilted && key.coarse == 1 {
            // The coarse picture now, unless it already shows; the full one on a thread.
            var rough = key
            rough.coarse = 2
            if shown?.key != rough { render(globe, rough) }
            if sharpening == nil, let surface = shown?.surface {
                let (w, h) = (surface.pixelWidth, surface.pixelHeight)
                let (view, level, style) = (key.view, key.level, key.style)
                sharpening = (key, BackgroundJob(name: "globe sharpening") {
                    var pixels = [UInt32](repeating: 0, count: w * h)
                    pixels.withUnsafeMutableBytes { buf in
                        TiltedRenderer().render(globe, view: view, level: level, style: style,
                                                into: buf.baseAddress!, width: w, height: h, stride: w * 4)
                    }
                    return pixels
                })
            }
            return
        }
        render(globe, key)
    }

    /// A finished full tilted picture replaces the coarse one if it still shows what is wanted
    /// (`wanted`, whatever its coarseness). Whether it did.
    @discardableResult
    func absorbSharpening(wanted: Key) -> Bool {
        guard let s = sharpening, let pixels = s.job.value else { return false }
        sharpening = nil
        var fine = wanted
        fine.coarse = 1
        guard s.key == fine, let surface = shown?.surface, surface.pixelWidth * surface.pixelHeight == pixels.count else { return false }
        let w = surface.pixelWidth
        surface.withPixels { base, stride in
            pixels.withUnsafeBytes { src in
                for y in 0..<surface.pixelHeight {
                    (base + y * stride).copyMemory(from: src.baseAddress! + y * w * 4, byteCount: w * 4)
                }
            }
        }
        shown = (s.key, surface)
        renderCount += 1
        return true
    }

    /// Blocks until a tilted view's full picture is traced (for `--screenshot` and tests).
    func waitForSharpening(wanted: Key) {
        if let s = sharpening {
            _ = s.job.wait()
            absorbSharpening(wanted: wanted)
        }
    }

    /// Left for the home screen: the picture and the renderer's buffers go.
    func release() {
        shown = nil
        sharpening = nil
        renderer = GlobeRenderer()
    }

    private func render(_ globe: GlobeData, _ key: Key) {
        let surface: ImageSurface
        if let old = shown?.surface, shown?.key.size == key.size, shown?.key.scale == key.scale {
            surface = old
        } else {
            // The old picture goes before the new one is made: at 4K each is 33 MB.
            shown = nil
            surface = ImageSurface(size: key.size, scale: key.scale, format: .rgb)
        }
        surface.withPixels { base, stride in
            if key.view.isTilted {
                tiltedRenderer.render(globe, view: key.view, level: key.level, style: key.style,
                                      into: base, width: surface.pixelWidth, height: surface.pixelHeight, stride: stride, coarse: key.coarse)
            } else {
                renderer.render(globe, view: key.view, level: key.level, style: key.style,
                                into: base, width: surface.pixelWidth, height: surface.pixelHeight, stride: stride, coarse: key.coarse)
            }
        }
        shown = (key, surface)
        renderCount += 1
    }
}

import Foundation
import MandelbrotEngine
import TouchDeskInterface
import TouchDeskModels
import AppMandelbrot
import TouchDeskToolkit

extension MandelbrotBench {
    /// A palette key in the real window (`MandelbrotApp`) whose picture is `w` × `h` device
    /// pixels, the start view rendered completely: the time the key handler spends on the UI
    /// thread, the time of the tick that picks the finished recolour up, and the time from the key
    /// until the new colours are shown (the recolour thread's work, ticks polled every 0.2 ms).
    /// Next to them, what the handler did on the UI thread before: the plain fit and paint of
    /// every pixel (`MandelbrotColoringReference`). P cycles range → histogram → cyclic, seven
    /// cycles; then `.` and `,` on the cyclic palette, seven of each. Medians.
    @MainActor
    static func runRecolorKeys(clock: () -> Double) {
        print("mandelbrot: palette keys in the window, UI-thread time per key (handler, pick-up tick) and time until shown, median of 7")
        for (w, h) in [(3840, 2160), (7680, 4320)] {
            let env = AppEnvironment(picturesDirectory: NSTemporaryDirectory(), dataDirectory: NSTemporaryDirectory(),
                                     homeDirectory: NSTemporaryDirectory())
            let app = MandelbrotApp(environment: env)
            // The window size whose picture is w × h.
            app.layout(in: Size(Double(w), Double(h) + 200), scale: 1)
            app.layout(in: Size(Double(w), Double(h) + 200 - (app.imageRect.height - Double(h))), scale: 1)
            app.finishRendering()
            guard let picture = app.picture, picture.width == w, picture.height == h else {
                print("  \(w)x\(h): the window's picture came out \(app.picture?.width ?? 0)x\(app.picture?.height ?? 0)"); continue
            }
            let stride = w * 4
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
            defer { scratch.deallocate() }
            var rows: [(String, MandelbrotPaletteKind, [Double], [Double], [Double])] = []
            func press(_ key: String, label: String, times: Int) {
                var handler: [Double] = [], pickUp: [Double] = [], shown: [Double] = []
                for _ in 0..<times {
                    let t0 = clock()
                    _ = app.handle(.key(Key(key, text: key)))
                    let t1 = clock()
                    handler.append(t1 - t0)
                    var tick = 0.0
                    while true {
                        let a = clock()
                        _ = app.tick()
                        let b = clock()
                        if !app.isRecoloring { tick = b - a; break }
                        usleep(200)
                    }
                    shown.append(clock() - t0)
                    pickUp.append(tick)
                }
                rows.append((label, app.model.palette, handler, pickUp, shown))
            }
            for _ in 0..<7 {
                for kind in MandelbrotPaletteKind.allCases {
                    press("p", label: "P to \(kind.next.title)", times: 1)
                }
            }
            // To the cyclic palette (the period is its), then its period keys.
            while app.model.palette != .cyclic { _ = app.handle(.key(Key("p", text: "p"))); app.finishRecoloring() }
            press("period", label: ". (period ×2)", times: 7)
            press("comma", label: ", (period ÷2)", times: 7)
            // Group the P presses by the palette they chose.
            var grouped: [String: (MandelbrotPaletteKind, [Double], [Double], [Double])] = [:]
            var order: [String] = []
            for r in rows {
                if grouped[r.0] == nil { order.append(r.0); grouped[r.0] = (r.1, [], [], []) }
                grouped[r.0]!.1 += r.2; grouped[r.0]!.2 += r.3; grouped[r.0]!.3 += r.4
            }
            func ms(_ x: [Double]) -> Double { x.sorted()[x.count / 2] * 1000 }
            for label in order {
                let g = grouped[label]!
                // Before: the handler fitted and painted every pixel itself.
                var old: [Double] = []
                for _ in 0..<7 {
                    let t0 = clock()
                    let c = MandelbrotColoringReference.coloring(picture, g.0, period: app.model.period)
                    MandelbrotColoringReference.paint(picture, c, into: scratch, stride: stride)
                    old.append(clock() - t0)
                }
                let ui = ms(g.1) + ms(g.2)
                print(String(format: "  %4dx%-4d  %-24@ old: %7.1f ms in the handler | new: handler %5.2f ms + pick-up tick %5.2f ms = %5.2f ms on the UI thread (%5.0fx less), shown after %6.1f ms",
                             w, h, label as NSString, ms(old), ms(g.1), ms(g.2), ui, ms(old) / max(ui, 0.001), ms(g.3)))
            }
        }
    }
}

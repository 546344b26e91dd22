// Fuzz target: the window size (`--size WIDTHxHEIGHT`, WindowState.parseSize), the kept size
// (window.json) and Mandelbrot's big-picture size (the Shift+Ctrl+S field): any text gives a size
// within the sides allowed or nil (a message), a size prints back to itself, and any JSON gives a
// size a window can have or none.
import Foundation
@testable import AppMandelbrot
@testable import TouchDeskToolkit

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzSize(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    if let s = WindowState.parseSize(text) {
        guard WindowState.sides.contains(Int(s.width)), WindowState.sides.contains(Int(s.height)),
              s.width == s.width.rounded(), s.height == s.height.rounded() else { fatalError("\(text) gave \(s)") }
        guard let again = WindowState.parseSize("\(Int(s.width))x\(Int(s.height))"), again == s else {
            fatalError("\(text) gave \(s), which does not read back")
        }
    }
    if let kept = try? JSONDecoder().decode(WindowState.self, from: bytes), let s = kept.size {
        guard s.width.isFinite, s.height.isFinite, s.width >= 1, s.height >= 1,
              s.width <= Double(WindowState.sides.upperBound), s.height <= Double(WindowState.sides.upperBound) else {
            fatalError("window.json \(text) gave \(s)")
        }
    }
    MainActor.assumeIsolated {
        if case .success(let big) = MandelbrotBigSave.parseSize(text) {
            let most = MandelbrotBigSave.maxSize
            guard (16...most.width).contains(big.width), (16...most.height).contains(big.height) else {
                fatalError("the save size \(text) gave \(big)")
            }
        }
    }
    return 0
}

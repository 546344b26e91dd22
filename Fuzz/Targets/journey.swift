// Fuzz target: Mandelbrot journeys (`--journey 1-4-4-1`, the kept view's journey): any text gives
// steps 1 to 4, at most the deepest zoom, that print back to themselves, or a message; any
// journey that parses opens a view, and zooming out of it again never traps.
import TouchDeskModels

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzJourney(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let steps = try? MandelbrotJourney.parse(text) else { return 0 }
    guard steps.count <= MandelbrotWindow.maxHalvings, steps.allSatisfy({ (1...4).contains($0) }) else {
        fatalError("\(text) gave \(steps)")
    }
    guard let again = try? MandelbrotJourney.parse(MandelbrotJourney.format(steps)), again == steps else {
        fatalError("\(steps) does not read back from \(MandelbrotJourney.format(steps))")
    }
    // Opening a view works in exact decimals whose digits grow with the depth (each step costs
    // more than the last): in this debug build with AddressSanitizer, a 240-step journey takes
    // over 10 s, so views are opened for the first 64 steps; the parse above takes any length.
    guard steps.count <= 64 else { return 0 }
    guard var model = try? MandelbrotModel(journey: steps) else { fatalError("journey \(steps) parsed but opens no view") }
    // Back out a few steps (every step of a short journey): each is a zoom out the view allows.
    for _ in 0..<min(steps.count, 8) {
        do { try model.zoomOut() } catch { fatalError("zooming out of \(steps): \(error)") }
    }
    return 0
}

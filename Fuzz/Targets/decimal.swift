// Fuzz target: the command line's numbers and journeys (DecimalNumber, --center/--width,
// --journey), the temperature field, colour codes and postal codes: any text gives a value or a
// message, and a parsed decimal reads back from its own printing.
import TouchDeskModels

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzDecimal(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let value = try? DecimalNumber.parse(text) {
        guard let again = try? DecimalNumber.parse(value.description), again == value else {
            fatalError("\(text) printed as \(value.description), which does not read back")
        }
    }
    _ = try? MandelbrotJourney.parse(text)
    let halves = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    _ = try? MandelbrotWindow.parse(center: String(halves[0]), width: halves.count > 1 ? String(halves[1]) : "1")
    _ = Temperature.parse(text)
    _ = RGBColor(hex: text)
    _ = PostalCode.validate(text)
    return 0
}

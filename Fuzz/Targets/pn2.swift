// Fuzz target: the .pn2 map reader (Natural Earth polygons, as marble-qt-data ships them): any
// bytes give a map layer or an error, never a trap, a hang or an unbounded allocation.
import TouchDeskPlaces

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzPn2(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? Pn2Reader.read(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

// Fuzz target: the netCDF reading path of the relief (ETOPO5.readGrid, which reads ETOPO5 and
// ETOPO1 through netCDF-C): any bytes written to a file give a grid of the size asked for or a
// message, never a trap. netCDF-C itself is not instrumented, so the coverage shown is ours; its
// header parsing is exercised by the mutations all the same (and would show as a crash here).
import Foundation
@testable import TouchDeskGlobe
import TouchDeskPlaces

private let path = NSTemporaryDirectory() + "touchdesk-fuzz-netcdf-\(getpid()).nc"

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzNetCDF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { fatalError("cannot write \(path)") }
    do {
        let values = try NetCDFLibrary.lock.withLock { _ in
            try ETOPO5.readGrid(path: path, variable: ETOPO5.variableName, rows: 3, columns: 4, hint: " (fuzz)")
        }
        guard values.count == 12 else { fatalError("a 3 × 4 grid of \(values.count) values") }
    } catch {
        guard !"\(error)".isEmpty else { fatalError("refused with no message") }
    }
    return 0
}

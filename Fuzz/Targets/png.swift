// Fuzz target: PNG pictures handed over by a person or a program (a file, the clipboard, a kept
// canvas): the header read (PNGHeader.size) and the whole decode (PictureReader.decode, through
// cairo and libpng), bounded to 64 × 64 pixels here so each input stays cheap. Any bytes give a
// picture within the bounds or a message.
import Foundation
import TouchDeskDrawing
@testable import TouchDeskToolkit

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    let head = PNGHeader.size(bytes)
    // The header as the reader sees it through a slice that does not start at 0, as Data often is.
    let shifted = (Data([0]) + bytes).dropFirst()
    guard PNGHeader.size(shifted).map({ [$0.width, $0.height] }) == head.map({ [$0.width, $0.height] }) else {
        fatalError("the header reads differently from a slice")
    }
    for (i, slice) in [bytes, shifted].enumerated() {
        do {
            let surface = try PictureReader.decode(slice, scale: i == 0 ? 1 : 2, limits: PictureReader.Limits(maxSide: 64, maxPixels: 64 * 32))
            guard surface.pixelWidth <= 64, surface.pixelHeight <= 64, surface.pixelWidth * surface.pixelHeight <= 64 * 32 else {
                fatalError("decoded \(surface.pixelWidth)×\(surface.pixelHeight), beyond the bounds")
            }
        } catch {
            guard !error.description.isEmpty else { fatalError("a failure with no message") }
        }
    }
    return 0
}

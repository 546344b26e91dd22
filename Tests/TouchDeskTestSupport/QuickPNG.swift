import CZlib
import Foundation
import TouchDeskDrawing

/// The PNG of an opaque screenshot, written quickly for a person to look at when a test fails:
/// RGB rows unfiltered, deflated at zlib's fastest level. Cairo's writer filters every row and
/// deflates at the default level, which took a fifth of the end-to-end test process's CPU (a PNG
/// is kept for every screenshot a test asserts on). Pictures with transparency go through Cairo.
enum QuickPNG {
    static func data(_ surface: ImageSurface) throws -> Data {
        guard surface.format == .rgb else { return try surface.pngData() }
        let w = surface.pixelWidth, h = surface.pixelHeight
        let words = surface.argbPixels()
        guard w > 0, h > 0, words.count == w * h else { return try surface.pngData() }
        // Each row: filter type 0 (none), then red, green, blue per pixel.
        var raw = [UInt8](repeating: 0, count: (w * 3 + 1) * h)
        raw.withUnsafeMutableBufferPointer { out in
            words.withUnsafeBufferPointer { px in
                var o = 0
                for y in 0..<h {
                    o += 1
                    for x in 0..<w {
                        let c = px[y * w + x]
                        out[o] = UInt8(truncatingIfNeeded: c >> 16)
                        out[o + 1] = UInt8(truncatingIfNeeded: c >> 8)
                        out[o + 2] = UInt8(truncatingIfNeeded: c)
                        o += 3
                    }
                }
            }
        }
        var size = compressBound(uLong(raw.count))
        var deflated = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&deflated, &size, raw, uLong(raw.count), 1)
        guard status == Z_OK else { throw XSession.Failure("zlib could not deflate a \(w)×\(h) screenshot (status \(status))") }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }
        func chunk(_ type: String, _ body: ArraySlice<UInt8>) {
            let typed = Array(type.utf8) + body
            png += bigEndian(UInt32(body.count)) + typed
            png += bigEndian(UInt32(typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }))
        }
        // Width, height, 8 bits per sample, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
        chunk("IHDR", ArraySlice(bigEndian(UInt32(w)) + bigEndian(UInt32(h)) + [8, 2, 0, 0, 0]))
        chunk("IDAT", deflated[0..<Int(size)])
        chunk("IEND", [])
        return Data(png)
    }
}

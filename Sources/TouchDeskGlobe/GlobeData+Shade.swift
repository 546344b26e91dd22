import Foundation

extension GlobeData {
    /// The globe's hill-shade (128 = flat ground; lit from the north-west) as one plain array of
    /// `width × height` bytes, rows from 90° S northwards, columns from 0° E eastwards: what Map
    /// Search shades its city views with, copied out so the 47 MB globe block can be let go.
    public func shadeCopy() -> [UInt8] {
        var out = [UInt8](repeating: HillShade.flat, count: width * height)
        out.withUnsafeMutableBufferPointer { o in
            for r in 0..<height {
                (o.baseAddress! + r * width).update(from: shade + r * stride, count: width)
            }
        }
        return out
    }
}

import Foundation
import TouchDeskFiles

/// Reads Marble's `.pn2` files, the packed Natural Earth shapes of Debian's `marble-qt-data`.
///
/// The format, big-endian (as Qt's QDataStream writes it): a header of version (UInt8), record
/// count (UInt32) and whether records carry a map colour (UInt8). Coordinates are Int16 in
/// half arc-minutes (1/120°): each "absolute" node holds latitude, longitude and how many
/// "relative" nodes follow, each an Int8 latitude and longitude offset from that absolute node.
///
/// Version 2 records: kind (UInt8: 0 line, 1 ring, 2 outer boundary, 3 inner boundary,
/// 4 multi-geometry) and feature id (UInt32); the first record of a new id is followed by its
/// colour (UInt8) when the file has colours. Then the absolute-node count (UInt32) and nodes,
/// or for a multi-geometry a part count (UInt8) and parts of kind, id, node count and nodes.
/// Inner boundaries belong to the outer boundary before them. Version 1 records: id (UInt32),
/// node count (UInt32), kind (UInt8), and a colour after each outer boundary when colours are on.
public enum Pn2Reader {
    private enum Kind: UInt8 {
        case line = 0, ring = 1, outer = 2, inner = 3, multi = 4
    }

    public static func read(path: String) throws(PlacesError) -> MapLayer {
        let data: Data
        do { data = try SafeFile.read(path, maxBytes: 256 << 20) } catch { throw .dataMissing(error.description) }
        do {
            return try read([UInt8](data))
        } catch {
            throw .unreadable("\(path): \(error)")
        }
    }

    public static func read(_ bytes: [UInt8]) throws(PlacesError) -> MapLayer {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(PlacesError) in try read(BigEndianStream(bytes: buffer)) }
        }
        return try result.get()
    }

    private static func read(_ stream: BigEndianStream) throws(PlacesError) -> MapLayer {
        var stream = stream
        let version = try stream.u8()
        let records = try stream.u32()
        let hasColors = try stream.u8() != 0
        var builder = LayerBuilder()
        switch version {
        case 2:
            var previousID: UInt32?
            for _ in 0..<records {
                if stream.atEnd { break }
                guard let kind = Kind(rawValue: try stream.u8()) else { throw .unreadable("unknown record kind") }
                let id = try stream.u32()
                if id != previousID {
                    builder.startFeature(id: id, color: hasColors ? try stream.u8() : nil)
                    previousID = id
                }
                if kind == .multi {
                    let parts = try stream.u8()
                    for _ in 0..<parts {
                        guard let partKind = Kind(rawValue: try stream.u8()), partKind != .multi else {
                            throw .unreadable("bad multi-geometry part")
                        }
                        _ = try stream.u32()
                        try builder.add(partKind, points: readNodes(&stream, count: try stream.u32()))
                    }
                } else {
                    try builder.add(kind, points: readNodes(&stream, count: try stream.u32()))
                }
            }
        case 1:
            for _ in 0..<records {
                if stream.atEnd { break }
                let id = try stream.u32()
                let count = try stream.u32()
                guard let kind = Kind(rawValue: try stream.u8()) else { throw .unreadable("unknown record kind") }
                if kind != .inner {
                    builder.startFeature(id: id, color: kind == .outer && hasColors ? try stream.u8() : nil)
                }
                if kind != .multi { try builder.add(kind, points: readNodes(&stream, count: count)) }
            }
        default:
            throw .unreadable("pn2 version \(version) is not known")
        }
        return MapLayer(features: builder.finish())
    }

    private static func readNodes(_ stream: inout BigEndianStream, count: UInt32) throws(PlacesError) -> [GeoCoordinate] {
        // A first pass over the node headers counts the points, so the array is allocated once.
        let start = stream.offset
        var total = 0
        for _ in 0..<count {
            _ = try stream.bytes(4)
            let relatives = Int(try stream.i16())
            guard relatives >= 0 else { throw .unreadable("negative relative node count") }
            _ = try stream.bytes(2 * relatives)
            total += 1 + relatives
        }
        stream.offset = start
        var points: [GeoCoordinate] = []
        points.reserveCapacity(total)
        for _ in 0..<count {
            let lat = Int(try stream.i16()), lon = Int(try stream.i16())
            let relatives = Int(try stream.i16())
            guard relatives >= 0 else { throw .unreadable("negative relative node count") }
            guard lat >= -10800, lat <= 10800, lon >= -21600, lon <= 21600 else { throw .unreadable("coordinate out of range") }
            points.append(GeoCoordinate(latitude: Double(lat) / 120, longitude: Double(lon) / 120))
            // The relative nodes in one go: two signed bytes each.
            let offsets = try stream.bytes(2 * relatives)
            var k = offsets.startIndex
            while k < offsets.endIndex {
                let la = lat + Int(Int8(bitPattern: offsets[k])), lo = lon + Int(Int8(bitPattern: offsets[k + 1]))
                guard la >= -10800, la <= 10800, lo >= -21600, lo <= 21600 else { throw .unreadable("coordinate out of range") }
                points.append(GeoCoordinate(latitude: Double(la) / 120, longitude: Double(lo) / 120))
                k += 2
            }
        }
        return points
    }

    /// Gathers records into features, attaching inner boundaries to the polygon before them.
    private struct LayerBuilder {
        var features: [MapFeature] = []
        var openOuter: [GeoCoordinate]?
        var openHoles: [[GeoCoordinate]] = []

        mutating func startFeature(id: UInt32, color: UInt8?) {
            closePolygon()
            features.append(MapFeature(id: id, colorIndex: color))
        }

        mutating func add(_ kind: Kind, points: [GeoCoordinate]) throws(PlacesError) {
            if features.isEmpty { features.append(MapFeature(id: 0, colorIndex: nil)) }
            switch kind {
            case .line:
                closePolygon()
                features[features.count - 1].lines.append(points)
            case .ring:
                closePolygon()
                features[features.count - 1].rings.append(points)
            case .outer:
                closePolygon()
                openOuter = points
            case .inner:
                guard openOuter != nil else { throw .unreadable("inner boundary without an outer one") }
                openHoles.append(points)
            case .multi:
                throw .unreadable("nested multi-geometry")
            }
            if let box = MapLayer.bounds(of: points) {
                if features[features.count - 1].bounds == nil {
                    features[features.count - 1].bounds = box
                } else {
                    features[features.count - 1].bounds!.include(box)
                }
            }
        }

        mutating func closePolygon() {
            guard let outer = openOuter, !features.isEmpty else { return }
            features[features.count - 1].polygons.append(MapPolygon(outer: outer, holes: openHoles))
            openOuter = nil
            openHoles = []
        }

        mutating func finish() -> [MapFeature] {
            closePolygon()
            return features
        }
    }
}

/// Reads big-endian integers from bytes, failing at the end instead of trapping.
private struct BigEndianStream {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    var atEnd: Bool { offset >= bytes.count }

    private mutating func take(_ n: Int) throws(PlacesError) -> Int {
        guard n <= bytes.count - offset else { throw .unreadable("file ends inside a record") }
        defer { offset += n }
        return offset
    }

    mutating func bytes(_ n: Int) throws(PlacesError) -> Slice<UnsafeBufferPointer<UInt8>> {
        let o = try take(n)
        return bytes[o..<(o + n)]
    }

    mutating func u8() throws(PlacesError) -> UInt8 { bytes[try take(1)] }
    mutating func i16() throws(PlacesError) -> Int16 {
        let o = try take(2)
        return Int16(bitPattern: UInt16(bytes[o]) << 8 | UInt16(bytes[o + 1]))
    }
    mutating func u32() throws(PlacesError) -> UInt32 {
        let o = try take(4)
        return UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
    }
}

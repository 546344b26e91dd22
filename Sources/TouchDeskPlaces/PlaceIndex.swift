/// All places of GeoNames' `cities1000`, airports and US ZIP codes, countries and first-level
/// regions, with their names folded
/// into sorted keys for search as you type. Immutable and `Sendable`: load it on a worker
/// thread, hand it to the UI.
///
/// Build it from the JSON once (`PlaceIndex.build(from:)`, about a second), then keep it as a
/// binary file (`PlaceIndexCache`) that loads in milliseconds.
public struct PlaceIndex: Sendable {
    // Places, one column per field: cities first, then airports and ZIP codes, then countries
    // and regions (from `firstRegion` on).
    let kinds: [UInt8]
    let names: [UInt32]
    let admin1: [UInt32]
    let regions: [UInt32]
    let localities: [UInt32]
    let countries: [UInt16]
    let populations: [UInt32]
    let latitudes: [Double]
    let longitudes: [Double]
    let timezones: [UInt32]
    /// Each place's position in the ranking: 0 is the best (largest score, see `PlaceIndexBuilder`).
    let ranks: [UInt32]
    /// What the ranking sorts by: a city's population, a country's or state's largest city's.
    let scores: [UInt32]
    /// `scores` in rank order (falling), for finding the ranks above a score.
    let scoresByRank: [UInt32]
    /// South, west, north, east of each region place (countries and states), from `firstRegion` on.
    let regionBounds: [Double]
    /// The ISO 3166-2 name of each region place matched to a subdivision ("Bayern" for GeoNames'
    /// Bavaria), from `firstRegion` on; `StringTable.none` for the others.
    let subdivisionNames: [UInt32]
    /// The region place of each country number << 32 | admin1 string id.
    let regionPlaces: [UInt64: Int]
    /// Places before this are towns (the nearest-place grid and map labels use only those).
    let cityCount: Int
    let firstRegion: Int

    // Countries, by their number in `countries`.
    let countryCodes: [UInt16]
    let countryNames: [UInt32]
    /// Each country's main language as GeoNames lists it ("de" for Switzerland), or `StringTable.none`.
    let countryLanguages: [UInt32]

    let strings: StringTable
    /// Main names, alternate names, later words of main names, the names and codes of
    /// countries and regions a query can be narrowed by, and the names of second-level
    /// divisions that narrow to their region after a comma (`Section`).
    let sections: [KeySection]
    let grid: NearestPlaceGrid

    init(
        kinds: [UInt8], names: [UInt32], admin1: [UInt32], regions: [UInt32], localities: [UInt32], countries: [UInt16],
        populations: [UInt32], latitudes: [Double], longitudes: [Double], timezones: [UInt32],
        ranks: [UInt32], scores: [UInt32], regionBounds: [Double], subdivisionNames: [UInt32], cityCount: Int, firstRegion: Int, countryCodes: [UInt16],
        countryNames: [UInt32], countryLanguages: [UInt32], strings: StringTable, sections: [KeySection]
    ) {
        self.kinds = kinds
        self.names = names
        self.admin1 = admin1
        self.regions = regions
        self.localities = localities
        self.countries = countries
        self.populations = populations
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.timezones = timezones
        self.ranks = ranks
        self.scores = scores
        var byRank = [UInt32](repeating: 0, count: scores.count)
        for (place, rank) in ranks.enumerated() where Int(rank) < byRank.count { byRank[Int(rank)] = scores[place] }
        self.scoresByRank = byRank
        self.regionBounds = regionBounds
        self.subdivisionNames = subdivisionNames
        var regionPlaces: [UInt64: Int] = [:]
        for p in firstRegion..<kinds.count where kinds[p] == PlaceKind.region.rawValue {
            regionPlaces[UInt64(countries[p]) << 32 | UInt64(admin1[p])] = p
        }
        self.regionPlaces = regionPlaces
        self.cityCount = cityCount
        self.firstRegion = firstRegion
        self.countryCodes = countryCodes
        self.countryNames = countryNames
        self.countryLanguages = countryLanguages
        self.strings = strings
        self.sections = sections
        self.grid = NearestPlaceGrid(latitudes: latitudes, longitudes: longitudes, count: cityCount)
    }

    /// The parts of `sections`, by number.
    enum Section: Int, CaseIterable {
        case main = 0, alternate, laterWord, qualifier, division
    }

    /// How many places (of every kind) the index holds.
    public var count: Int { kinds.count }

    /// How many name keys the index searches.
    public var keyCount: Int { sections.reduce(0) { $0 + $1.count } }

    /// The place with this id (0..<count).
    public func place(_ id: Int) -> Place {
        let country = Int(countries[id])
        var bounds: GeoBounds?
        if id >= firstRegion {
            let b = (id - firstRegion) * 4
            bounds = GeoBounds(south: regionBounds[b], west: regionBounds[b + 1], north: regionBounds[b + 2], east: regionBounds[b + 3])
        }
        let kind = PlaceKind(rawValue: kinds[id]) ?? .city
        // A peak keeps its height where towns keep their people.
        let isPeak = kind == .peak
        // A region's own ISO name; another place's region's, where its region is that region by name.
        var subdivision = StringTable.none
        if id >= firstRegion {
            subdivision = subdivisionNames[id - firstRegion]
        } else if regions[id] != StringTable.none, let r = regionPlaces[UInt64(countries[id]) << 32 | UInt64(admin1[id])],
                  strings[names[r]] == strings[regions[id]] {
            subdivision = subdivisionNames[r - firstRegion]
        }
        return Place(
            id: id,
            kind: kind,
            name: strings[names[id]],
            region: strings.optional(regions[id]),
            locality: strings.optional(localities[id]),
            admin1Code: strings.optional(admin1[id]) ?? "",
            countryCode: Self.code(countryCodes[country]),
            countryName: strings[countryNames[country]],
            population: isPeak ? 0 : Int(populations[id]),
            coordinate: GeoCoordinate(latitude: latitudes[id], longitude: longitudes[id]),
            timezone: strings[timezones[id]],
            bounds: bounds,
            elevation: isPeak && populations[id] > 0 ? Int(populations[id]) : nil,
            subdivisionName: strings.optional(subdivision),
            countryLanguage: strings.optional(countryLanguages[country])
        )
    }

    /// The ids of the `limit` most populous cities, most populous first.
    public func citiesByPopulation(limit: Int) -> [Int] {
        var cities = Array(0..<cityCount)
        cities.sort { populations[$0] != populations[$1] ? populations[$0] > populations[$1] : $0 < $1 }
        return Array(cities.prefix(max(0, limit)))
    }

    /// The named features (peaks, lakes, islands, seas, continents, landmarks), as map labels need them.
    public var featurePlaces: [Place] {
        (firstRegion..<count).filter { (PlaceKind(rawValue: kinds[$0]) ?? .city).isFeature }.map(place)
    }

    /// The countries of the index as places (those with at least one town of 1000 people).
    public var countryPlaces: [Place] {
        (firstRegion..<count).filter { kinds[$0] == PlaceKind.country.rawValue }.map(place)
    }

    /// The city nearest to `coordinate` by great-circle distance, with the distance in km.
    public func nearestCity(to coordinate: GeoCoordinate) -> (place: Place, kilometres: Double)? {
        guard let (id, km) = grid.nearest(to: coordinate) else { return nil }
        return (place(id), km)
    }

    /// The two letters of a packed country code; empty for the "no country" of seas and continents.
    static func code(_ packed: UInt16) -> String {
        packed == 0x2020 ? "" : String(decoding: [UInt8(packed >> 8), UInt8(packed & 0xFF)], as: UTF8.self)
    }

    static func pack(_ code: String) -> UInt16 {
        let b = Array(code.utf8) + [0x20, 0x20]
        return UInt16(b[0]) << 8 | UInt16(b[1])
    }
}

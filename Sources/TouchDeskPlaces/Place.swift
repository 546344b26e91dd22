import TouchDeskInterface
/// What kind of place a suggestion names.
public enum PlaceKind: UInt8, Sendable, Hashable, CaseIterable {
    case city = 0
    case country = 1
    /// A first-level region: a US state, a Canadian province, a German Land, a French région.
    case region = 2
    case airport = 3
    /// A US ZIP code.
    case postcode = 4
    /// A named mountain or volcano.
    case peak = 5
    case lake = 6
    case island = 7
    /// An ocean or a sea.
    case sea = 8
    case continent = 9
    /// A named point of interest: an observatory, a wreck, a pole.
    case landmark = 10

    /// The word `--find` prints for it, in English; a row shows it translated (`tr`).
    public var word: String {
        switch self {
        case .city: return translatable("city")
        case .country: return translatable("country")
        case .region: return translatable("region")
        case .airport: return translatable("airport")
        case .postcode: return translatable("postcode")
        case .peak: return translatable("peak")
        case .lake: return translatable("lake")
        case .island: return translatable("island")
        case .sea: return translatable("sea")
        case .continent: return translatable("continent")
        case .landmark: return translatable("landmark")
        }
    }

    /// Whether it is a named feature of nature or a landmark rather than a settled place.
    public var isFeature: Bool { rawValue >= PlaceKind.peak.rawValue }

    /// Whether the place is an area the map fits to, rather than a point it centres on.
    public var isArea: Bool {
        switch self {
        case .country, .region, .lake, .island, .sea, .continent: return true
        case .city, .airport, .postcode, .peak, .landmark: return false
        }
    }
}

/// One place of the index, as the map shows it.
public struct Place: Sendable, Hashable {
    /// The place's position in its index; stable for one index file.
    public var id: Int
    public var kind: PlaceKind
    /// The GeoNames main name ("Munich", "Zürich", "New York City"), an airport's name, a ZIP code.
    public var name: String
    /// The first-level region's name where the data has it ("Illinois", "Bavaria"), else nil;
    /// nil for a region and a country.
    public var region: String?
    /// The town an airport or a ZIP code serves ("Goodrich" for 77335), else nil.
    public var locality: String?
    /// The GeoNames admin1 code ("ZH", "CA", "02"); a region's own code; empty for countries.
    public var admin1Code: String
    /// ISO 3166 alpha-2 ("CH").
    public var countryCode: String
    public var countryName: String
    /// People living there: a city's or a country's own count; 0 where the data gives none
    /// (regions, airports, ZIP codes).
    public var population: Int
    /// A city's position; for a country its capital (else largest city); for a region the
    /// population-weighted centre of its places.
    public var coordinate: GeoCoordinate
    /// IANA zone ("Europe/Zurich"); a country's or region's is that of its capital or largest city.
    public var timezone: String
    /// For a country or a region, the box around its places of 1000 people or more (a fit for
    /// the map when no outline is at hand); nil for a point.
    public var bounds: GeoBounds?
    /// A peak's height above the sea in metres, where the data gives it; else nil.
    public var elevation: Int? = nil
    /// The ISO 3166-2 name of the first-level region (of the region itself, for a region), where
    /// iso-codes has it: "Bayern" for GeoNames' "Bavaria". What `LocalNames` translates the
    /// region by; nil where no subdivision matched.
    public var subdivisionName: String? = nil
    /// The country's main language as GeoNames lists it, an ISO 639 code ("de" for Switzerland); nil where unknown.
    public var countryLanguage: String? = nil

    /// Where it is, for a row or the status line: "Illinois, United States"; a ZIP code's or
    /// airport's town first ("Goodrich, Texas, United States"); a country's is empty.
    public var whereabouts: String { whereabouts(region: region, country: countryName) }

    /// `whereabouts` with these names for the region and the country (`localWhereabouts`).
    func whereabouts(region: String?, country: String) -> String {
        guard kind != .country else { return "" }
        var parts: [String] = []
        if let locality, !locality.isEmpty { parts.append(locality) }
        if let region, !region.isEmpty, region != name, self.region != name { parts.append(region) }
        if !country.isEmpty { parts.append(country) }
        return parts.joined(separator: ", ")
    }
}

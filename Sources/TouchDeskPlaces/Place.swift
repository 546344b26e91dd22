/// What kind of place a suggestion names.
public enum PlaceKind: UInt8, Sendable, Hashable, CaseIterable {
    case city = 0
    case country = 1
    case usState = 2
}

/// One place of the index, as the map shows it.
public struct Place: Sendable, Hashable {
    /// The place's position in its index; stable for one index file.
    public var id: Int
    public var kind: PlaceKind
    /// The GeoNames main name ("Munich", "Zürich", "New York City").
    public var name: String
    /// The first-level region's name where the data has it: US state names only (GeoNames'
    /// admin1 names for other countries are not in the package), else nil.
    public var region: String?
    /// The GeoNames admin1 code ("ZH", "CA", "22"); empty for countries and states.
    public var admin1Code: String
    /// ISO 3166 alpha-2 ("CH").
    public var countryCode: String
    public var countryName: String
    /// People living there: a city's or a country's own count; 0 for a US state (the package
    /// does not give states' populations).
    public var population: Int
    /// A city's position; for a country its capital (else largest city); for a US state the
    /// population-weighted centre of its cities.
    public var coordinate: GeoCoordinate
    /// IANA zone ("Europe/Zurich"); a country's or state's is that of its capital or largest city.
    public var timezone: String
    /// For a country or a state, the box around its cities of 5000 people or more (a fit for
    /// the map when no outline is at hand); nil for a city.
    public var bounds: GeoBounds?
}

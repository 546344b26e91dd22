import TouchDeskInterface

/// A query read as a postcode the index does not have, and what was understood of it, so the
/// list can say more than "no place matches": "75001 France" is a postcode of France, whose codes
/// the index lacks; "99999" no code of the countries whose codes it has.
public struct UnknownPostcode: Sendable, Equatable {
    /// The digits, as typed.
    public var code: String
    /// The country the rest of the query names, or the country of the region it names ("77335,
    /// Texas"); nil when it names neither.
    public var country: Place?
    /// The countries whose postcodes the index holds (the United States, with `zipcodes`).
    public var countriesWithCodes: [Place]

    /// What was understood, in a few words for a toast: "Postcode 75001 (France) is not known".
    public var summary: String {
        let country = country ?? (countriesWithCodes.count == 1 ? countriesWithCodes[0] : nil)
        return country.map { tr("Postcode {0} ({1}) is not known", code, $0.localName()) } ?? tr("Postcode {0} is not known", code)
    }

    /// What was understood and what to try, in the user's language (country names through
    /// `LocalNames`): "Postcode 75001 (France) is not known: Map Search has postcodes of this
    /// country only: United States. Type the town’s name instead."
    public var explanation: String {
        let known = countriesWithCodes.map { $0.localName() }.joined(separator: ", ")
        guard !known.isEmpty else {
            return tr("Postcode {0} is not known: no postcodes are installed. Type the town’s name instead.", code)
        }
        guard let country, !countriesWithCodes.contains(where: { $0.countryCode == country.countryCode }) else {
            // A country whose codes the index has, or none named: the code is simply none of them.
            return tr("Postcode {0} ({1}) is not known: check the digits, or type the town’s name.", code, country?.localName() ?? known)
        }
        return trn("Postcode {0} ({1}) is not known: Map Search has postcodes of this country only: {2}. Type the town’s name instead.",
                   "Postcode {0} ({1}) is not known: Map Search has postcodes of these countries only: {2}. Type the town’s name instead.",
                   countriesWithCodes.count, code, country.localName(), known)
    }
}

extension PlaceIndex {
    /// The reading of `query` as a postcode the index does not have: a code of 3 to 10 digits,
    /// alone or with a country or region ("99999", "75001 France", "77335, Texas"); nil for any
    /// other query, for a code the index has there, and for a code with a town ("10115 Berlin",
    /// which finds the town).
    public func unknownPostcode(in query: String) -> UnknownPostcode? {
        var folder = NameFolder()
        let parts = Self.parts(of: query, folder: &folder)
        let code: [UInt8], rest: [[UInt8]]
        if parts.count == 1, (3...10).contains(parts[0].count), parts[0].allSatisfy({ (0x30...0x39).contains($0) }) {
            (code, rest) = (parts[0], [])
        } else if let reading = Self.postcodeReading(parts) {
            (code, rest) = (reading.code, reading.rest)
        } else {
            return nil
        }
        var country: Place?
        if !rest.isEmpty {
            // What the rest names first: a country, or a region standing for its country.
            let named = suggestions(for: rest.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", "), limit: 1).first?.place
            switch named?.kind {
            case .country: country = named
            case .region: country = named.flatMap { region in countryPlaces.first { $0.countryCode == region.countryCode } }
            default: return nil
            }
        }
        var seen: Set<UInt32> = []
        let number = country.map { countries[$0.id] }
        let known = search(code, limit: 1, exactOnly: true, accept: {
            self.kinds[Int($0)] == PlaceKind.postcode.rawValue && (number == nil || self.countries[Int($0)] == number)
        }, seen: &seen)
        guard known.isEmpty else { return nil }
        var withCodes = Set<UInt16>()
        for p in cityCount..<firstRegion where kinds[p] == PlaceKind.postcode.rawValue { withCodes.insert(countries[p]) }
        return UnknownPostcode(code: String(decoding: code, as: UTF8.self), country: country,
                               countriesWithCodes: countryPlaces.filter { withCodes.contains(countries[$0.id]) })
    }
}

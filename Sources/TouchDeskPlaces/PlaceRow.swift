import Foundation

/// A suggestion as one line of `touchdesk map --find`: name, region, country, ISO country
/// code, latitude, longitude and kind, separated by tabs.
public enum PlaceRow {
    /// The columns, for `--help` and the README.
    public static let columns = ["name", "region", "country", "code", "latitude", "longitude", "kind"]

    /// The line for `place` (no newline). A ZIP code's or airport's town joins its name
    /// ("77335 Goodrich"); tabs and line breaks in names become spaces, so a line is always
    /// seven fields.
    public static func line(_ place: Place) -> String {
        var name = place.name
        if let locality = place.locality, !locality.isEmpty, place.kind == .postcode { name += " " + locality }
        let fields = [
            name, place.kind.isArea ? "" : place.region ?? "", place.countryName, place.countryCode,
            String(format: "%.5f", place.coordinate.latitude), String(format: "%.5f", place.coordinate.longitude), place.kind.word,
        ]
        return fields.map(clean).joined(separator: "\t")
    }

    private static func clean(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) else {
            return field
        }
        return String(String.UnicodeScalarView(field.unicodeScalars.map {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0
        }))
    }
}

/// One line of the suggestion list under the search field.
public struct PlaceSuggestion: Sendable, Hashable {
    /// How the query met the place; suggestions come in this order, then by rank.
    public enum Match: Int, Sendable, Hashable, Comparable {
        /// The query starts the main name ("Par" → Paris).
        case name
        /// The query starts another name of the place ("Peking" → Beijing).
        case alternateName
        /// The query starts a later word of the main name ("york" → New York City).
        case laterWord
        /// The query, with one letter wrong, missing, extra or two swapped, starts a name.
        case typo

        public static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
    }

    public var place: Place
    public var match: Match
    /// The other name that matched, when it is not the main name ("Peking", "Москва", "München").
    public var alias: String?
    /// The part of `place.name` the query matched, for bold text; nil when the match is in `alias`.
    public var nameMatch: Range<String.Index>?
    /// The part of `alias` the query matched.
    public var aliasMatch: Range<String.Index>?
}

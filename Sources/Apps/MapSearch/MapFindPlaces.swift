import TouchDeskInterface
import Foundation
import TouchDeskFiles
import TouchDeskPlaces
import TouchDeskToolkit

/// `touchdesk map --find QUERY` and `--find -`: Map Search's suggestions as text, without a window.
enum FindPlaces {
    /// Prints the rows for `query` (or for each line of standard input when it is "-") and
    /// returns the exit status: 0, 2 for a single query that matches nothing, 1 when the places
    /// are not installed.
    static func run(_ query: String) -> Int32 {
        let loaded: PlaceIndexCache.Loaded
        do { loaded = try PlaceIndexCache.load() } catch {
            warn("\(error)")
            return 1
        }
        if let warning = loaded.warning { warn("\(warning)") }
        if !loaded.missing.isEmpty {
            let notes = loaded.missing.map(\.missingNote).joined(separator: "; ")
            warn(tr("searching without {0}", notes))
        }
        let index = loaded.index
        func rows(_ text: String) -> [String] {
            index.suggestions(for: text).map { PlaceRow.line($0.place) }
        }
        guard query == "-" else {
            let found = rows(query)
            guard !found.isEmpty else {
                warn(index.unknownPostcode(in: query)?.explanation ?? tr("no place matches \"{0}\"", echoed(query)))
                return 2
            }
            print(found.joined(separator: "\n"))
            return 0
        }
        while let line = readLine(strippingNewline: true) {
            var block = rows(line).joined(separator: "\n")
            block += block.isEmpty ? "\n" : "\n\n"
            FileHandle.standardOutput.write(Data(block.utf8))
        }
        return 0
    }
}

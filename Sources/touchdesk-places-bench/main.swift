import Foundation
import TouchDeskPlaces
import PlacesBenchmarks

// Map Search's data benchmarks until touchdesk-bench grows a `map` subcommand; with
// arguments, prints the suggestions for each argument instead.
let arguments = CommandLine.arguments.dropFirst()
if let loops = Int(ProcessInfo.processInfo.environment["PLACES_MAP_LOOP"] ?? "") {
    // For profiling the map reader.
    var points = 0
    for _ in 0..<loops { points += (try? WorldMap.load())?[.countries].pointCount ?? 0 }
    print(points)
} else if arguments.isEmpty {
    for line in PlacesBench.run() { print(line) }
} else {
    do {
        let index = try PlaceIndexCache.load().index
        if let loops = Int(ProcessInfo.processInfo.environment["PLACES_LOOP"] ?? "") {
            // For profiling: the queries again and again, no output.
            var total = 0
            for _ in 0..<loops { for query in arguments { total += index.suggestions(for: query).count } }
            print(total)
            exit(0)
        }
        for query in arguments {
            print("\(query):")
            for s in index.suggestions(for: query) {
                let p = s.place
                let shown = s.alias.map { "\(p.name) (\($0))" } ?? p.name
                let bold = s.nameMatch.map { String(p.name[$0]) } ?? s.aliasMatch.map { String(s.alias![$0]) } ?? "-"
                print("  \(s.match) \(p.kind) \(shown) [\(bold)] \(p.whereabouts) pop \(p.population) \(p.coordinate) \(p.timezone)")
            }
        }
    } catch {
        print("touchdesk-places-bench: \(error)")
    }
}

import Foundation
import TouchDeskPlaces
import PlacesBenchmarks

// Map Search's data benchmarks until touchdesk-bench grows a `map` subcommand; with
// arguments, prints the suggestions for each argument instead; with `--find -`, the rows of
// `touchdesk map --find -` for each line of standard input (for scripts/places-hit-rate
// without building the app).
let arguments = CommandLine.arguments.dropFirst()

/// Every prefix (up to 14 letters) of typed names and of "Town, Region" / "Town, Country"
/// queries, each timed as the median of 9 runs against the cached index: the median, the
/// worst, and the slowest few. Timed in the thread's CPU time, so other builds on the machine
/// do not count. `PLACES_QUERIES=1` runs only this.
func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func queryTimes(_ index: PlaceIndex) -> [String] {
    let qualified = PlacesBench.typedNames + [
        "springfield, illinois", "portland, oregon", "paris, france", "köln, deutschland", "s, i", "a, b", "e, e",
        "san jose, ca", "toledo, spain", "victoria, bc", "x, y, z", "n, n, n, n", "la, ca", "santa, br", "m m",
        "a a a a a a", "new, new", "st, s", "i, s", "o, o",
        // Kind words, codes with the word, postcodes with a country, names without spaces.
        "jfk airport", "flughafen münchen", "aéroport de nice", "lake baikal", "mount etna", "a airport",
        "75001 france", "saopaulo", "maidstone, kent",
    ]
    var all: [(query: String, seconds: Double)] = []
    for name in qualified {
        let letters = Array(name)
        for n in 1...min(14, letters.count) {
            let query = String(letters[0..<n])
            var times: [Double] = []
            for _ in 0..<9 {
                let t0 = cpuSeconds()
                _ = index.suggestions(for: query)
                times.append(cpuSeconds() - t0)
            }
            times.sort()
            all.append((query, times[times.count / 2]))
        }
    }
    let sorted = all.map(\.seconds).sorted()
    func us(_ s: Double) -> String { String(format: "%.1f µs", s * 1e6) }
    let slowest = all.sorted { $0.seconds > $1.seconds }.prefix(6).map { "\"\($0.query)\" \(us($0.seconds))" }
    return ["places query, prefixes incl. qualified (\(all.count) queries): median \(us(sorted[sorted.count / 2])), worst \(us(sorted.last ?? 0))",
            "places slowest: " + slowest.joined(separator: ", ")]
}

if ProcessInfo.processInfo.environment["PLACES_QUERIES"] != nil {
    do {
        for line in queryTimes(try PlaceIndexCache.load().index) { print(line) }
    } catch {
        print("touchdesk-places-bench: \(error)")
    }
} else if let loops = Int(ProcessInfo.processInfo.environment["PLACES_MAP_LOOP"] ?? "") {
    // For profiling the map reader.
    var points = 0
    for _ in 0..<loops { points += (try? WorldMap.load())?[.countries].pointCount ?? 0 }
    print(points)
} else if Array(arguments) == ["--find", "-"] {
    do {
        let index = try PlaceIndexCache.load().index
        while let line = readLine(strippingNewline: true) {
            let rows = index.suggestions(for: line).map { PlaceRow.line($0.place) }
            print(rows.joined(separator: "\n") + (rows.isEmpty ? "" : "\n"))
        }
    } catch {
        print("touchdesk-places-bench: \(error)")
    }
} else if arguments.isEmpty {
    for line in PlacesBench.run() { print(line) }
    if let index = try? PlaceIndexCache.load().index { for line in queryTimes(index) { print(line) } }
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

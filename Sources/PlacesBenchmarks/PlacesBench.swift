import Foundation
import TouchDeskPlaces

/// Timings for `touchdesk-bench map`: printable lines of medians.
public enum PlacesBench {
    /// Queries typed letter by letter (1…12 letters of each) for the per-keystroke timing:
    /// Latin with and without accents, Cyrillic, CJK, typos, and names that match nothing.
    public static let typedNames = [
        "zurich", "san francisco", "new york city", "paris france", "muenchen", "londres",
        "москва", "東京都", "zurihc", "sna francisco", "qxqzvjwkkpyy", "rio de janeiro",
        "saint petersburg", "switzerland", "ho chi minh city", "a",
        "paris, tx", "springfield illinois", "münchen, bayern", "s, illinois", "jfk", "77335",
    ]

    /// Runs every benchmark; `rounds` repetitions of the slow ones (build, load, map).
    public static func run(rounds: Int = 5) -> [String] {
        var lines: [String] = ["places: load average \(loadAverage())"]
        let source: GeoNamesSource
        do { source = try GeoNamesSource.locate() } catch {
            return ["places: \(error)"]
        }
        let cacheFolder = NSTemporaryDirectory() + "touchdesk-places-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: cacheFolder) }

        // Build from the JSON (what the first start pays), then load the cache it wrote.
        var buildTimes: [Double] = []
        var index: PlaceIndex?
        for _ in 0..<max(1, min(rounds, 3)) {
            try? FileManager.default.removeItem(atPath: cacheFolder)
            let (result, seconds) = measure { try? PlaceIndexCache.load(source: source, cacheFolder: cacheFolder) }
            buildTimes.append(seconds)
            index = result?.index
        }
        guard let index else { return ["places: the index could not be built"] }
        lines.append("places index build (JSON → index → cache, first run): \(ms(median(buildTimes))) "
            + "(\(index.count) places, \(index.keyCount) keys)")
        var loadTimes: [Double] = []
        var loadCPU: [Double] = []
        for _ in 0..<max(3, rounds * 2) {
            let c0 = threadSeconds()
            let (result, seconds) = measure { try? PlaceIndexCache.load(source: source, cacheFolder: cacheFolder) }
            if result?.origin == .cache { loadTimes.append(seconds); loadCPU.append(threadSeconds() - c0) }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: cacheFolder + "/" + PlaceIndexCache.fileName)[.size] as? Int) ?? 0
        lines.append("places index load (cache, later runs): \(ms(median(loadTimes))) (file \(size / 1024) KiB), "
            + "\(ms(median(loadCPU))) of the thread's CPU time")
        lines.append("places resident memory after building and loading: \(residentMegabytes()) MB")

        // Every prefix of every typed name, each query timed as the median of several runs.
        var byLength: [Int: [Double]] = [:]
        var all: [Double] = []
        var allCPU: [Double] = []
        var slowest: [(query: String, seconds: Double)] = []
        var slowestCPU: [(query: String, seconds: Double)] = []
        for name in typedNames {
            let letters = Array(name)
            for n in 1...min(12, letters.count) {
                let query = String(letters[0..<n])
                var times: [Double] = []
                var cpu: [Double] = []
                for _ in 0..<7 {
                    let c0 = threadSeconds()
                    times.append(measure { index.suggestions(for: query) }.seconds)
                    cpu.append(threadSeconds() - c0)
                }
                let t = median(times)
                allCPU.append(median(cpu))
                slowestCPU.append((query, median(cpu)))
                byLength[n, default: []].append(t)
                all.append(t)
                slowest.append((query, t))
            }
        }
        let perLength = (1...12).compactMap { n in byLength[n].map { "\(n):\(us(median($0)))" } }
        lines.append("places query (1–12 letters, \(all.count) queries): median \(us(median(all))), "
            + "worst \(us(all.max() ?? 0)); by length \(perLength.joined(separator: " "))")
        lines.append("places query in the thread's CPU time: median \(us(median(allCPU))), worst \(us(allCPU.max() ?? 0))")
        slowest.sort { $0.seconds > $1.seconds }
        lines.append("places slowest queries: " + slowest.prefix(4).map { "\"\($0.query)\" \(us($0.seconds))" }.joined(separator: ", "))
        slowestCPU.sort { $0.seconds > $1.seconds }
        lines.append("places slowest queries in CPU time: " + slowestCPU.prefix(4).map { "\"\($0.query)\" \(us($0.seconds))" }.joined(separator: ", "))
        let long = String(repeating: "abcdefghij", count: 20)
        lines.append("places query of 200 letters: \(us(median((0..<7).map { _ in measure { index.suggestions(for: long) }.seconds })))")
        let cityProbes: [GeoCoordinate] = (0..<101).map { (i: Int) -> GeoCoordinate in
            let latitude: Double = Double(i % 170) - 85, longitude: Double = Double(i * 37 % 360) - 180
            return GeoCoordinate(latitude: latitude, longitude: longitude)
        }
        let cityTimes: [Double] = cityProbes.map { (p: GeoCoordinate) -> Double in measure { index.nearestCity(to: p) }.seconds }
        lines.append("places nearest city: \(us(median(cityTimes)))")

        // The whole 1:50m world.
        if WorldMap.isInstalled() {
            var mapTimes: [Double] = []
            var map: WorldMap?
            for _ in 0..<max(3, rounds) {
                let (m, seconds) = measure { try? WorldMap.load() }
                mapTimes.append(seconds)
                map = m
            }
            if let map {
                let points = WorldMap.Layer.allCases.reduce(0) { $0 + map[$1].pointCount }
                lines.append("pn2 world load (\(WorldMap.Layer.allCases.count) layers, \(points) points): \(ms(median(mapTimes)))")
                let countries = map[.countries]
                let probe: [GeoCoordinate] = (0..<200).map { (i: Int) -> GeoCoordinate in
                    let latitude: Double = Double(i % 140) - 60, longitude: Double = Double(i * 53 % 360) - 180
                    return GeoCoordinate(latitude: latitude, longitude: longitude)
                }
                let t = median((0..<5).map { _ in measure { probe.map { countries.feature(containing: $0) } }.seconds }) / Double(probe.count)
                lines.append("point-in-country: \(us(t)) per point")
            }
        } else {
            lines.append("pn2 world load: Natural Earth not installed")
        }
        return lines
    }

    /// The machine's load average over 1, 5 and 15 minutes, as /proc/loadavg says it.
    public static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// This thread's CPU time in seconds: what the work cost, without the waits for a core that
    /// a busy machine adds to the wall clock.
    public static func threadSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// VmRSS of this process, in MB (0 where /proc is not there).
    private static func residentMegabytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    private static func measure<T>(_ body: () -> T) -> (value: T, seconds: Double) {
        let clock = ContinuousClock()
        var value: T?
        let elapsed = clock.measure { value = body() }
        let (s, atto) = elapsed.components
        return (value!, Double(s) + Double(atto) * 1e-18)
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1e3) }
    private static func us(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }
}

import Foundation
import Synchronization

/// The place of a US ZIP code ("77335" → Goodrich, Texas), from the place index, loaded on a
/// thread of its own the first time it is asked for, so the asking window never waits. When the
/// index has not been built yet (a first start: 10–30 s), the ZIP codes' own small table
/// (`PostcodeTable`, a second or two) answers until the index is in.
public final class PostcodeLookup: Sendable {
    public enum Answer: Sendable, Equatable {
        /// The index is still loading: ask again on a later tick.
        case loading
        case found(Place)
        /// The index has no such code (a valid-looking but unassigned ZIP, or no ZIP data).
        case unknown
        /// The places are not installed; the text says what to install.
        case unavailable(String)
    }

    private enum State { case idle, loading, ready(PlaceIndex), failed(String) }
    private let state = Mutex<State>(.idle)
    /// The small table, while the index is being built; dropped once the index is in.
    private let table = Mutex<PostcodeTable?>(nil)
    private let cacheFolder: String?

    /// Loads the index from (or builds it into) `cacheFolder`, by default the user's cache.
    public init(cacheFolder: String? = nil) {
        self.cacheFolder = cacheFolder
    }

    /// The place of the five-digit `zip`; starts loading the index when first asked.
    public func place(ofZIP zip: String) -> Answer {
        let now: State = state.withLock { s in
            if case .idle = s { s = .loading; startLoading() }
            return s
        }
        switch now {
        case .idle, .loading:
            return table.withLock { t in
                guard let t else { return .loading }
                return t.place(ofZIP: String(zip.prefix(5))).map { .found($0) } ?? .unknown
            }
        case .failed(let why): return .unavailable(why)
        case .ready(let index): return Self.find(zip, in: index)
        }
    }

    /// The ZIP code's row of `index`, if it has one.
    public static func find(_ zip: String, in index: PlaceIndex) -> Answer {
        let five = String(zip.prefix(5))
        guard five.count == 5, five.allSatisfy(\.isASCII), five.allSatisfy(\.isNumber) else { return .unknown }
        let hit = index.suggestions(for: five).first { $0.place.kind == .postcode && $0.place.name == five }
        return hit.map { .found($0.place) } ?? .unknown
    }

    private func startLoading() {
        let folder = cacheFolder
        let thread = Thread { [self] in
            // No index built yet: the small table first, for the answers while it is built.
            let folder = folder ?? PlaceIndexCache.defaultFolder()
            if !FileManager.default.fileExists(atPath: folder + "/" + PlaceIndexCache.fileName),
               let source = try? GeoNamesSource.locate(), let small = PostcodeTable.read(from: source) {
                table.withLock { $0 = small }
            }
            let result: State
            do throws(PlacesError) { result = .ready(try PlaceIndexCache.loadShared(cacheFolder: folder).index) } catch { result = .failed(error.description) }
            state.withLock { $0 = result }
            table.withLock { $0 = nil }
        }
        thread.name = "touchdesk postcode lookup"
        thread.start()
    }

    /// Blocks until the index has loaded or failed (for `--screenshot` and tests).
    public func waitUntilLoaded() {
        while true {
            let done: Bool = state.withLock { s in
                if case .loading = s { return false }
                if case .idle = s { s = .loading; startLoading(); return false }
                return true
            }
            if done { return }
            usleep(5_000)
        }
    }
}

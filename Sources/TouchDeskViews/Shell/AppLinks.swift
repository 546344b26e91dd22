import Synchronization

/// Where an app asks the shell to open another app at something: Postal Codes' "Show on map"
/// asks for Map Search at "77335". The shell takes the request after the event that made it.
nonisolated public final class AppLinks: Sendable {
    public struct Request: Equatable, Sendable {
        /// The app's command-line id ("map").
        public var app: String
        /// What it should show, as it would be typed into its search.
        public var query: String
    }

    private let pending = Mutex<Request?>(nil)

    public init() {}

    public func open(app: String, query: String) {
        pending.withLock { $0 = Request(app: app, query: query) }
    }

    /// The request made since the last call, if any.
    public func take() -> Request? {
        pending.withLock { r in
            defer { r = nil }
            return r
        }
    }
}

/// An app that can be opened at a query (Map Search at a place).
public protocol QueryOpenable: AnyObject {
    /// Shows what `query` names (now, or as soon as the app's data has arrived).
    func open(query: String)
}

import Synchronization

/// Where an app asks the shell to show something in another app, without naming it: Postal
/// Codes' "Show on map" asks for the place "77335", and the shell opens the app that shows places
/// (`PlaceShowing`). The shell takes the request after the event that made it.
nonisolated public final class AppLinks: Sendable {
    public struct Request: Equatable, Sendable {
        /// The place to show, as it would be typed into a search.
        public var query: String
    }

    private let pending = Mutex<Request?>(nil)

    public init() {}

    /// Asks for the place `query` names to be shown on the map.
    public func showPlace(_ query: String) {
        pending.withLock { $0 = Request(query: query) }
    }

    /// The request made since the last call, if any.
    public func take() -> Request? {
        pending.withLock { r in
            defer { r = nil }
            return r
        }
    }
}

/// The app that shows a place named in words (Map Search): where `AppLinks.showPlace` leads.
public protocol PlaceShowing: AnyObject {
    /// Shows what `query` names (now, or as soon as the app's data has arrived).
    func open(query: String)
}

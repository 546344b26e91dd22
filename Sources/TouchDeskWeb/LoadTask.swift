import Synchronization

/// One load in flight; `cancel()` (the Stop button) ends it at the next chance.
public final class LoadTask: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public func cancel() { cancelled.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}

/// How far a load has come, for a progress bar and the status line.
public struct LoadProgress: Sendable, Equatable {
    /// The resource being fetched now.
    public var url: WebURL
    public var bytesReceived: Int
    public var bytesExpected: Int?
    /// Stylesheets and pictures finished, of those known so far.
    public var resourcesDone: Int
    public var resourcesTotal: Int
}

/// A finished load: the document to show, whatever happened.
public struct LoadedPage: Sendable {
    public enum Kind: Sendable, Equatable {
        case html
        /// A text file, shown as text.
        case text
        /// A picture, shown alone.
        case picture
        /// An error page made by TouchDesk.
        case error(LoadError)
    }

    public let requestedURL: WebURL
    /// Where the page came from after redirects, with the requested fragment.
    public let url: WebURL
    public let kind: Kind
    public let document: WebDocument
    /// The HTML given to the engine (ours for text, pictures and errors).
    public let source: String
    /// The encoding the page was decoded from, for pages and text.
    public let charset: String?
    /// Stylesheets and pictures that were not shown, each with the reason.
    public let skippedResources: [String]
    /// The page's size when the load laid it out.
    public let size: WebSize?

    public var title: String {
        if !document.title.isEmpty { return document.title }
        if case .error(let error) = kind { return error.title }
        return url.lastPathComponent.isEmpty ? url.description : url.lastPathComponent
    }
}

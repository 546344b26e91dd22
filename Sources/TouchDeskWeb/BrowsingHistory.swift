/// The pages visited in one browser, for Back and Forward.
///
/// Like every browser: a new visit after going back drops the pages that were ahead.
public struct BrowsingHistory: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var url: WebURL
        /// Where the page was scrolled when it was left, so Back returns there.
        public var scrollX: Double = 0
        public var scrollY: Double = 0

        public init(url: WebURL) { self.url = url }
    }

    public private(set) var entries: [Entry] = []
    /// The entry shown now; -1 before the first visit.
    public private(set) var index = -1

    public init() {}

    public var current: Entry? { entries.indices.contains(index) ? entries[index] : nil }
    public var canGoBack: Bool { index > 0 }
    public var canGoForward: Bool { index + 1 < entries.count }

    /// Records a visit to a new page; visiting the page already shown (a reload) adds nothing.
    public mutating func visit(_ url: WebURL) {
        if let current, current.url == url { return }
        if canGoForward { entries.removeSubrange((index + 1)...) }
        entries.append(Entry(url: url))
        index = entries.count - 1
    }

    /// Moves one entry back and returns it, or nil at the start.
    public mutating func goBack() -> Entry? {
        guard canGoBack else { return nil }
        index -= 1
        return entries[index]
    }

    /// Moves one entry forward and returns it, or nil at the end.
    public mutating func goForward() -> Entry? {
        guard canGoForward else { return nil }
        index += 1
        return entries[index]
    }

    /// Remembers the scroll position of the entry shown now.
    public mutating func rememberScroll(x: Double, y: Double) {
        guard entries.indices.contains(index) else { return }
        entries[index].scrollX = x
        entries[index].scrollY = y
    }

    /// The page shown now turned out to live elsewhere (a redirect): keep the final URL.
    public mutating func replaceCurrent(with url: WebURL) {
        guard entries.indices.contains(index) else { return }
        entries[index].url = url
    }
}

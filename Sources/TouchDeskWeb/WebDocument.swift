import CWebEngine
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One parsed web page: litehtml's document and our cairo container, behind a lock.
///
/// Thread safety: a `WebDocument` is `Sendable`. Every call takes an internal `Mutex`, so
/// the loader can build and lay it out on its worker thread and hand it to the main actor,
/// which then lays it out and paints it. Calls from two threads never run at once; a paint
/// waits for a layout in progress. The document is destroyed with the object.
public final class WebDocument: Sendable {
    /// The address the page was loaded from (after redirects), which relative links resolve against.
    public let url: WebURL
    /// `url` with the page's `<base href>` applied.
    public let baseURL: WebURL
    public let title: String
    private let handle: Mutex<DocumentPointer>
    private let size = Mutex(WebSize(width: 0, height: 0))

    /// Parses a page. `importStylesheet` runs synchronously while parsing, once for each
    /// `<link rel=stylesheet>` and `@import`, with the absolute URL; it returns the CSS text
    /// and the URL it came from (after redirects), or nil.
    public init(
        html: String, url: WebURL, masterCSS: String = MasterStyleSheet.css,
        importStylesheet: ((WebURL) -> (css: String, url: WebURL)?)? = nil
    ) {
        let importer = StylesheetImporter(pageURL: url, fetch: importStylesheet)
        let context = Unmanaged.passRetained(importer)
        defer { context.release() }
        var callbacks = td_web_callbacks(context: context.toOpaque(), import_css: importStylesheetThunk)
        let created = td_webdoc_create(html, url.description, masterCSS, &callbacks)
            // litehtml fails only on allocation; an empty page keeps the type non-optional.
            ?? td_webdoc_create("", url.description, masterCSS, nil)!
        self.url = url
        let baseHref = String(cString: td_webdoc_base_href(created))
        baseURL = baseHref.isEmpty ? url : url.resolving(baseHref)
        title = String(cString: td_webdoc_title(created)).trimmingWhitespace()
        handle = Mutex(DocumentPointer(raw: created))
    }

    deinit {
        locked { td_webdoc_destroy($0) }
    }

    /// Runs a call into the C document with the lock held.
    private func locked<R: Sendable>(_ body: (OpaquePointer) -> R) -> R {
        handle.withLock { body($0.raw) }
    }

    // MARK: - Resources

    /// A picture the page asked for, as written and resolved.
    public struct ImageRequest: Sendable, Hashable {
        public let source: String
        public let base: String
        public let url: WebURL
    }

    /// The pictures the page needs (`<img>`, CSS backgrounds, list images), in page order.
    public var imageRequests: [ImageRequest] {
        let raw: [(String, String)] = locked { doc in
            (0..<td_webdoc_image_count(doc)).map {
                (String(cString: td_webdoc_image_src(doc, $0)), String(cString: td_webdoc_image_base(doc, $0)))
            }
        }
        return raw.map { source, base in
            let against = base.isEmpty ? baseURL : baseURL.resolving(base)
            return ImageRequest(source: source, base: base, url: against.resolving(source))
        }
    }

    /// The stylesheet references the page made, as written.
    public var stylesheetReferences: [String] {
        locked { doc in
            (0..<td_webdoc_stylesheet_count(doc)).map { String(cString: td_webdoc_stylesheet_url(doc, $0)) }
        }
    }

    /// Hands over a picture; lay the page out again afterwards.
    public func setImage(_ image: WebImage, for request: ImageRequest) {
        locked { td_webdoc_set_image($0, request.source, request.base, image.surface) }
    }

    // MARK: - Layout and painting

    /// Lays the page out for a viewport; returns the page's size, at least the viewport's width.
    @discardableResult
    public func layout(width: Int, height: Int = 600) -> WebSize {
        let result: WebSize = locked { doc in
            var outWidth: Int32 = 0
            var outHeight: Int32 = 0
            td_webdoc_layout(doc, Int32(clamping: width), Int32(clamping: height), &outWidth, &outHeight)
            return WebSize(width: Int(outWidth), height: Int(outHeight))
        }
        size.withLock { $0 = result }
        return result
    }

    /// The size of the last layout.
    public var contentSize: WebSize { size.withLock { $0 } }

    /// Paints the part of the page inside `clip` (page pixels) into a cairo context (a
    /// `cairo_t`), the page's origin at (`x`, `y`) in the context's user space and each page
    /// pixel `scale` units wide. Lay the page out first.
    public func draw(into cairo: OpaquePointer, x: Double, y: Double, scale: Double = 1, clip: WebRect) {
        locked { doc in
            td_webdoc_draw(doc, cairo, x, y, scale, Int32(clamping: clip.x), Int32(clamping: clip.y),
                           Int32(clamping: clip.width), Int32(clamping: clip.height))
        }
    }

    // MARK: - Links and pointer

    /// The `href` of the link under a page point, as written.
    public func linkHref(atX x: Int, y: Int) -> String? {
        locked { doc in takeString(td_webdoc_link_at(doc, Int32(clamping: x), Int32(clamping: y))) }
    }

    /// Where a link leads: an address to load, or why it cannot be followed (mailto:, …).
    public func resolveLink(_ href: String) throws(WebURLError) -> WebURL {
        try baseURL.resolving(href).validatedForLoading()
    }

    /// Where the element with this id (or `<a name>`) sits on the page.
    public func anchorPosition(_ name: String) -> (x: Int, y: Int)? {
        locked { doc in
            var x: Int32 = 0
            var y: Int32 = 0
            let decoded = WebURL.percentDecoded(name)
            guard td_webdoc_anchor_position(doc, decoded, &x, &y) != 0 else { return nil }
            return (Int(x), Int(y))
        }
    }

    /// Moves the pointer over the page; true when hover styles changed and the page needs a repaint.
    public func pointerMoved(toX x: Int, y: Int) -> Bool {
        locked { td_webdoc_mouse_move($0, Int32(clamping: x), Int32(clamping: y)) != 0 }
    }

    public func pointerLeft() -> Bool {
        locked { td_webdoc_mouse_leave($0) != 0 }
    }

    /// The CSS cursor the page asks for at the last pointer position ("pointer" over links).
    public var cursor: String {
        locked { String(cString: td_webdoc_cursor($0)) }
    }

    /// A click at a page point; the `href` of the anchor clicked, if any.
    public func click(atX x: Int, y: Int) -> String? {
        locked { doc in takeString(td_webdoc_click(doc, Int32(clamping: x), Int32(clamping: y))) }
    }
}

/// A size in page pixels.
public struct WebSize: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in page pixels.
public struct WebRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The C document; only touched with the `Mutex` around it held.
private struct DocumentPointer: @unchecked Sendable {
    let raw: OpaquePointer
}

private func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { td_web_free(pointer) }
    return String(cString: pointer)
}

/// Carries the Swift stylesheet fetcher through litehtml's C callback.
private final class StylesheetImporter {
    let pageURL: WebURL
    let fetch: ((WebURL) -> (css: String, url: WebURL)?)?

    init(pageURL: WebURL, fetch: ((WebURL) -> (css: String, url: WebURL)?)?) {
        self.pageURL = pageURL
        self.fetch = fetch
    }
}

private let importStylesheetThunk: td_web_import_css_fn = { context, reference, base, outBase in
    guard let context, let reference else { return nil }
    let importer = Unmanaged<StylesheetImporter>.fromOpaque(context).takeUnretainedValue()
    guard let fetch = importer.fetch else { return nil }
    let baseText = base.map { String(cString: $0) } ?? ""
    let against = baseText.isEmpty ? importer.pageURL : importer.pageURL.resolving(baseText)
    let url = against.resolving(String(cString: reference)).withoutFragment
    guard let (css, finalURL) = fetch(url) else { return nil }
    outBase?.pointee = strdup(finalURL.description)
    return strdup(css)
}

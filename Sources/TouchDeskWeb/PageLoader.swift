import Foundation

/// Loads pages from `file://` and `http(s)://` with their stylesheets and pictures, off
/// the UI thread, into a `WebDocument` ready to paint.
///
/// Rules: the limits of `LoadLimits`; a page from http(s) may not load `file://`
/// resources; every failure of the page itself becomes an error page written by
/// TouchDesk, so a load always ends with something to show. Text files show as text and
/// pictures as pictures.
public struct PageLoader: Sendable {
    public var limits: LoadLimits
    public var masterCSS: String

    public init(limits: LoadLimits = .standard, masterCSS: String = MasterStyleSheet.css) {
        self.limits = limits
        self.masterCSS = masterCSS
    }

    /// Starts a load on a worker thread. `progress` and `completion` run on that thread;
    /// hop to the main actor to show them. Cancel the returned task to stop; the
    /// completion still runs (with a `.cancelled` error page when the page itself was
    /// not loaded yet).
    @discardableResult
    public func start(
        _ url: WebURL, layoutWidth: Int? = nil, viewportHeight: Int = 600,
        progress: @escaping @Sendable (LoadProgress) -> Void = { _ in },
        completion: @escaping @Sendable (LoadedPage) -> Void
    ) -> LoadTask {
        let task = LoadTask()
        let loader = self
        let thread = Thread {
            let page = loader.load(url, layoutWidth: layoutWidth, viewportHeight: viewportHeight, task: task,
                                   progress: progress)
            completion(page)
        }
        thread.name = "touchdesk-web-loader"
        thread.start()
        return task
    }

    /// Loads on the calling thread (a worker, a test or a benchmark).
    public func load(
        _ url: WebURL, layoutWidth: Int? = nil, viewportHeight: Int = 600, task: LoadTask = LoadTask(),
        progress: @escaping (LoadProgress) -> Void = { _ in }
    ) -> LoadedPage {
        let fetcher = ResourceFetcher(limits: limits, task: task)
        let validated: WebURL
        do {
            validated = try url.validatedForLoading()
        } catch {
            return errorPage(LoadError(error), requested: url, layoutWidth: layoutWidth, height: viewportHeight)
        }
        var done = 0
        var total = 1
        let fetched = fetcher.fetch(validated) { received, expected in
            progress(LoadProgress(url: validated, bytesReceived: received, bytesExpected: expected,
                                  resourcesDone: done, resourcesTotal: total))
        }
        let resource: FetchedResource
        switch fetched {
        case .failure(let error):
            return errorPage(error, requested: url, layoutWidth: layoutWidth, height: viewportHeight)
        case .success(let value):
            resource = value
        }
        done = 1

        var skipped: [String] = []
        let kind: LoadedPage.Kind
        let source: String
        var charset: String?
        let document: WebDocument
        switch Content.classify(resource) {
        case .html:
            let decoded = Charset.decode(resource.body, contentType: resource.contentType)
            charset = decoded.charset
            source = decoded.text
            kind = .html
            var imported: Set<WebURL> = []
            document = WebDocument(html: source, url: resource.url, masterCSS: masterCSS) { cssURL in
                // Each sheet once: @import cycles end here.
                guard imported.count < 64, imported.insert(cssURL).inserted else { return nil }
                if let refusal = refusal(of: cssURL, from: resource.url) {
                    skipped.append(refusal)
                    return nil
                }
                total += 1
                defer { done += 1 }
                switch fetcher.fetch(cssURL, progress: { received, expected in
                    progress(LoadProgress(url: cssURL, bytesReceived: received, bytesExpected: expected,
                                          resourcesDone: done, resourcesTotal: total))
                }) {
                case .success(let sheet):
                    return (Charset.decode(sheet.body, contentType: sheet.contentType).text, sheet.url)
                case .failure(let error):
                    skipped.append("\(cssURL): \(error)")
                    return nil
                }
            }
        case .text:
            let decoded = Charset.decode(resource.body, contentType: resource.contentType)
            charset = decoded.charset
            source = HTML.textPage(decoded.text, title: resource.url.lastPathComponent)
            kind = .text
            document = WebDocument(html: source, url: resource.url, masterCSS: masterCSS)
        case .picture:
            let image: WebImage
            do {
                image = try WebImage.decode(resource.body, maxSide: limits.maxImageSide)
            } catch {
                return errorPage(.picture(error), requested: url, layoutWidth: layoutWidth, height: viewportHeight)
            }
            source = HTML.picturePage(source: resource.url.withoutFragment.description, width: image.width,
                                      height: image.height, title: resource.url.lastPathComponent)
            kind = .picture
            document = WebDocument(html: source, url: resource.url, masterCSS: masterCSS)
            for request in document.imageRequests { document.setImage(image, for: request) }
        case .other(let type):
            return errorPage(.unsupportedContent(type), requested: url, layoutWidth: layoutWidth,
                             height: viewportHeight)
        }

        if kind == .html {
            var fetchedImages: [WebURL: WebImage] = [:]
            var failed: Set<WebURL> = []
            let requests = document.imageRequests
            total += Set(requests.map(\.url)).count
            for request in requests where !task.isCancelled {
                let imageURL = request.url.withoutFragment
                if let image = fetchedImages[imageURL] {
                    document.setImage(image, for: request)
                    continue
                }
                if failed.contains(imageURL) { continue }
                defer { done += 1 }
                if let refusal = refusal(of: imageURL, from: resource.url) {
                    skipped.append(refusal)
                    failed.insert(imageURL)
                    continue
                }
                let result = fetcher.fetch(imageURL) { received, expected in
                    progress(LoadProgress(url: imageURL, bytesReceived: received, bytesExpected: expected,
                                          resourcesDone: done, resourcesTotal: total))
                }
                do {
                    let bytes = try result.get()
                    let image = try WebImage.decode(bytes.body, maxSide: limits.maxImageSide)
                    fetchedImages[imageURL] = image
                    document.setImage(image, for: request)
                } catch {
                    failed.insert(imageURL)
                    skipped.append("\(imageURL): \(error)")
                }
            }
            if task.isCancelled { skipped.append("Loading was stopped before every picture arrived.") }
        }

        let size = layoutWidth.map { document.layout(width: $0, height: viewportHeight) }
        return LoadedPage(requestedURL: url, url: resource.url, kind: kind, document: document, source: source,
                          charset: charset, skippedResources: skipped, size: size)
    }

    /// Why a page may not load a resource, or nil when it may.
    private func refusal(of resource: WebURL, from page: WebURL) -> String? {
        if page.isHTTP && resource.isFile { return LoadError.fileFromWeb(resource.description).description }
        do {
            _ = try resource.validatedForLoading()
            return nil
        } catch {
            return "\(resource): \(error)"
        }
    }

    private func errorPage(_ error: LoadError, requested: WebURL, layoutWidth: Int?, height: Int) -> LoadedPage {
        let source = HTML.errorPage(error, url: requested.description)
        let document = WebDocument(html: source, url: requested, masterCSS: masterCSS)
        let size = layoutWidth.map { document.layout(width: $0, height: height) }
        return LoadedPage(requestedURL: requested, url: requested, kind: .error(error), document: document,
                          source: source, charset: "utf-8", skippedResources: [], size: size)
    }
}

/// What a fetched resource is, from its Content-Type, its name and its first bytes.
enum Content: Equatable {
    case html, text, picture
    case other(String)

    static func classify(_ resource: FetchedResource) -> Content {
        let mime = resource.contentType?.split(separator: ";").first.map { $0.trimmingWhitespaceSubstring().lowercased() }
        if let mime, mime != "application/octet-stream", !mime.isEmpty {
            switch mime {
            case "text/html", "application/xhtml+xml": return .html
            case "image/png", "image/jpeg", "image/jpg", "image/pjpeg": return .picture
            case "application/json", "application/javascript", "application/xml", "application/x-sh":
                return .text
            default:
                if mime.hasPrefix("text/") || mime.hasSuffix("+json") || mime.hasSuffix("+xml") { return .text }
                if WebImage.looksLikePicture(resource.body) { return .picture }
                return .other(mime)
            }
        }
        if WebImage.looksLikePicture(resource.body) { return .picture }
        let name = resource.url.lastPathComponent.lowercased()
        let suffix = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : ""
        if ["html", "htm", "xhtml", "shtml"].contains(suffix) { return .html }
        if ["png", "jpg", "jpeg"].contains(suffix) { return .other("a damaged \(suffix) picture") }
        let head = resource.body.prefix(1024)
        if head.contains(0) { return .other(suffix.isEmpty ? "binary data" : "a .\(suffix) file") }
        let start = String(decoding: head, as: UTF8.self).trimmingWhitespace().lowercased()
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") { return .html }
        return .text
    }
}

import TouchDeskInterface
import TouchDeskModels
import TouchDeskWeb

/// `touchdesk web ADDRESS-OR-FILE`, and `--save-page FILE.png --page-width PX` (handled by the
/// executable without a window, checked here); addresses a later launch or a drop brings.
extension WebApp {
    public nonisolated static var optionNames: Set<String> { ["save-page", "page-width"] }

    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        if let document = options.document { _ = try address(document, options.currentDirectory) }
        if options.has("page-width") && !options.has("save-page") { throw AppOptionError(tr("--page-width goes with --save-page FILE.png")) }
        if let text = options["page-width"] {
            guard let w = Int(text), (64...16384).contains(w) else { throw AppOptionError(tr("--page-width must be 64 to 16384, not {0}", echoed(text))) }
        }
    }

    /// What `touchdesk web TEXT` opens: a URL, or a plain path as a file.
    public nonisolated static func address(_ text: String, _ currentDirectory: String) throws(AppOptionError) -> WebURL {
        do {
            return try WebURL.fromUserInput(text, currentDirectory: currentDirectory).validatedForLoading()
        } catch {
            throw AppOptionError(tr("cannot open \"{0}\": {1}", echoed(text), "\(error)"))
        }
    }

    public func apply(_ options: AppOptions) throws(AppOptionError) {
        if let document = options.document { open(try Self.address(document, options.currentDirectory)) }
    }

    public func finishBackgroundWork() throws(AppOptionError) { finishLoading() }

    public func offer(document: String) -> Bool {
        guard let url = try? Self.address(document, "/") else { return false }
        open(url)
        return true
    }

    /// A link dropped as text loads; other text is pasted.
    public func offer(droppedText text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.contains(where: \.isWhitespace), LaunchRequest.looksLikeDocument(trimmed) else { return false }
        return offer(document: trimmed)
    }
}

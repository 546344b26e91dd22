import Foundation
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

    /// `--screenshot`: waits for the page, and fails (rather than picture a page that is not
    /// there) when it was turned down, stopped working or did not finish loading in time (the
    /// first-answer timeout, `TOUCHDESK_WEB_TIMEOUT`, 30 s by default, from the load's start).
    public func finishBackgroundWork() throws(AppOptionError) {
        let seconds = loadTimeoutSeconds ?? ProcessInfo.processInfo.environment["TOUCHDESK_WEB_TIMEOUT"].flatMap { Int($0) }.map { max(1, $0) } ?? 30
        // The time counts from the load's start: a cold engine takes a few seconds to get there.
        let startBy = WebEngine.now() + 30
        while page.awaitingLoad, page.refusal == nil, page.stoppedReason == nil, engine?.isRunning == true, WebEngine.now() < startBy {
            absorb()
            usleep(10_000)
        }
        finishLoading(timeout: Double(seconds))
        if let refusal = page.refusal { throw AppOptionError(refusal) }
        if let reason = page.stoppedReason { throw AppOptionError(reason) }
        if page.isLoading || page.awaitingLoad {
            throw AppOptionError(tr("the page did not finish loading within {0} seconds ({1} % had come): no picture was written",
                                    String(seconds), String(Int((page.progress * 100).rounded()))))
        }
    }

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

// What it keeps between visits and frees when left (see `MiniApp.visitMemory`).
extension WebApp {
    public nonisolated static var visitMemory: VisitMemory {
        VisitMemory(kept: ["the page's address and history"],
                    freed: ["the page's work: a load under way is stopped, a stuck script's process ended (docs/web.md)"],
                    leavingDuringLoad: .stopsThenResumesOnceEnded)
    }
}

import ArgumentParser
import Foundation
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskWeb
import TouchDeskToolkit

/// `touchdesk web ADDRESS-OR-FILE`, and `--save-page FILE.png --page-width PX` (answered without
/// a window); addresses a later launch or a drop brings.
extension WebApp {
    nonisolated public struct CommandLineOptions: AppCommandLine {
        @Option(name: .customLong("save-page"), help: ArgumentHelp(tr("For the web app: save the whole page (its full length) as a PNG picture, then exit. Needs no X server: without a display the web engine starts a private Xvfb of its own."), valueName: "file.png"))
        var savePage: String?

        @Option(name: .customLong("page-width"), help: ArgumentHelp(tr("The CSS width to lay the page out at for --save-page, 64 to 16384 (default 1280)."), valueName: "px"))
        var pageWidth: Int?

        public init() {}
        public static let names = ["save-page", "page-width"]
        public var given: [String: String] { Self.given(["save-page": savePage, "page-width": pageWidth.map(String.init)]) }
    }

    public nonisolated static var optionNames: Set<String> { Set(CommandLineOptions.names) }

    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        if options.has("save-page"), options.screenshot { throw AppOptionError(tr("give either --save-page or --screenshot, not both")) }
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

    /// `--save-page FILE.png`: the whole page as a picture, laid out `--page-width` CSS pixels wide.
    public static func answerWithoutWindow(_ options: AppOptions, environment: AppEnvironment) throws(AppOptionError) -> Int32? {
        guard let file = options["save-page"] else { return nil }
        let url = try options.document.map { a throws(AppOptionError) in try address(a, options.currentDirectory) } ?? startPage(environment)
        do {
            var shown = -1
            let size = try WebEngine.savePage(url, to: file, width: options["page-width"].flatMap { Int($0) } ?? 1280) { rows, total in
                // A long page, pictured tile by tile: how far it has come, a line per tenth.
                let tenth = total > 0 ? rows * 10 / total : 0
                if tenth != shown { shown = tenth; warn(tr("saving the page: {0} of {1} px", String(rows), String(total))) }
            }
            print("\(file): \(size.width) × \(size.height) px")
        } catch {
            throw AppOptionError("\(error)")
        }
        return 0
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

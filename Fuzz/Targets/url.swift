// Fuzz target: web addresses as a person types them or a page links them (Web Pages' address
// normalisation: WebURL.fromUserInput, init(string:), init(reference:), resolving): any text
// gives an address or a message; a loadable address prints back to itself and stays loadable,
// and any reference resolves against it.
import TouchDeskWeb

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let halves = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let reference = WebURL(reference: text)
    let again = WebURL(reference: reference.description)
    guard again == reference else { fatalError("\(text) split as \(reference), which reads back as \(again)") }
    if let url = try? WebURL.fromUserInput(halves[0], currentDirectory: "/nonexistent-fuzz") {
        guard url.scheme != nil else { fatalError("\(halves[0]) gave \(url), with no scheme") }
        check(url, from: halves[0])
        if halves.count > 1 { _ = url.resolving(halves[1]) }
    }
    if let url = try? WebURL(string: text) { check(url, from: text) }
    return 0
}

/// A loadable address reads back as itself and stays loadable.
private func check(_ url: WebURL, from text: String) {
    guard let loadable = try? url.validatedForLoading() else { return }
    guard let back = try? WebURL(string: loadable.description) else {
        fatalError("\(text) gave \(loadable), which does not read back")
    }
    guard back == loadable else { fatalError("\(text) gave \(loadable), which reads back as \(back)") }
    if loadable.isHTTP {
        guard let host = loadable.host, !host.isEmpty else { fatalError("\(text) gave \(loadable) with no host") }
    }
    if loadable.isFile { guard loadable.filePath != nil else { fatalError("\(text) gave \(loadable) with no path") } }
}

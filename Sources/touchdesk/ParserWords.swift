import TouchDeskInterface

/// swift-argument-parser's own words in the user's language: it writes its headings ("USAGE:",
/// "OPTIONS:"), its two built-in flags' help and its error frame in English, and has no
/// catalogue; our texts inside reach it translated already (`tr` in every `help:`). Only whole
/// headings at a line's start and whole built-in texts are replaced, so no text of ours changes.
/// Its messages for a malformed command line ("Unknown option '--x'") stay English.
enum ParserWords {
    static func localized(_ text: String) -> String {
        let headings = [("OVERVIEW:", tr("OVERVIEW:")), ("USAGE:", tr("USAGE:")), ("ARGUMENTS:", tr("ARGUMENTS:")),
                        ("OPTIONS:", tr("OPTIONS:")), ("Error: ", tr("Error: ")), ("Usage: ", tr("Usage: ")),
                        ("Help: ", tr("Help: "))]
        let endings = [("Show the version.", tr("Show the version.")), ("Show help information.", tr("Show help information."))]
        let seeHelp = ("  See 'touchdesk --help' for more information.", "  " + tr("See 'touchdesk --help' for more information."))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { piece -> String in
            var line = String(piece)
            if line == seeHelp.0 { return seeHelp.1 }
            for (english, shown) in headings where line.hasPrefix(english) {
                line = shown + line.dropFirst(english.count)
                break
            }
            for (english, shown) in endings where line.hasSuffix("  " + english) {
                line = line.dropLast(english.count) + shown
                break
            }
            return line
        }.joined(separator: "\n")
    }
}

#if canImport(Glibc)
import CIntl
import Glibc
#endif

/// The user's language, through GNU gettext as the C library has it: `LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES` and `LANG` choose the catalogue (`touchdesk.mo`, built from `po/*.po`); a missing
/// or broken catalogue leaves the English text, silently.
///
/// Every text a person reads enters the window through `tr` (or `trn` when it counts something):
/// the controls' labels and help, the home tiles, the shell, the keys overlay, the About screen
/// and the apps' own messages. The English text is the catalogue's key, so English needs no
/// catalogue and a text not yet translated shows in English.
public enum Localization {
    /// The gettext domain: the catalogues are `LOCALEDIR/LL/LC_MESSAGES/touchdesk.mo`.
    public static let domain = "touchdesk"

    /// Sets the process's locale from the environment and finds the catalogues: call once, first
    /// thing in `main`. Numbers stay in the C style for every C and Foundation formatter
    /// (`LC_NUMERIC` is "C": reports and copied text must parse back); `NumberStyle` writes
    /// the user's way where a person reads.
    ///
    /// Returns the folder the catalogues were found in, or nil (English).
    @discardableResult
    public static func start(executablePath: String? = nil) -> String? {
        #if canImport(Glibc)
        if setlocale(LC_ALL, "") == nil {
            // A locale that is not generated on this machine ("de_DE.UTF-8" without `locales`):
            // keep what parts we can, and still honour the language below.
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
        _ = setlocale(LC_NUMERIC, "C")
        // gettext ignores LANGUAGE while the messages locale is "C" (or was not found): the
        // built-in C.UTF-8 is not "C", so LANGUAGE (or the language LANG names) still counts.
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        if messages == "C" || messages == "POSIX" {
            let wanted = requestedLanguage()
            if let wanted, !wanted.isEmpty, setlocale(LC_MESSAGES, "C.UTF-8") != nil {
                if (getenv("LANGUAGE").map { String(cString: $0) } ?? "").isEmpty {
                    setenv("LANGUAGE", wanted, 1)
                }
            }
        }
        let dir = catalogueFolder(executablePath: executablePath)
        if let dir { _ = bindtextdomain(domain, dir) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        return dir
        #else
        return nil
        #endif
    }

    /// The language the environment asks for when the C library could not set it: LANGUAGE, or
    /// the first of LC_ALL, LC_MESSAGES, LANG that names one ("de_DE.UTF-8" → "de_DE").
    static func requestedLanguage() -> String? {
        #if canImport(Glibc)
        func env(_ name: String) -> String? {
            guard let v = getenv(name).map({ String(cString: $0) }), !v.isEmpty else { return nil }
            return v
        }
        if let language = env("LANGUAGE") { return language }
        guard let name = env("LC_ALL") ?? env("LC_MESSAGES") ?? env("LANG") else { return nil }
        let base = String(name.prefix { $0 != "." && $0 != "@" })
        return base == "C" || base == "POSIX" ? nil : base
        #else
        return nil
        #endif
    }

    /// Where the catalogues are: `$TOUCHDESK_LOCALEDIR`; beside an installed binary
    /// (`PREFIX/bin/touchdesk` → `PREFIX/share/locale`); in the build tree (`.build/locale`, which
    /// `scripts/translations` fills). The first folder holding a `touchdesk.mo` wins.
    static func catalogueFolder(executablePath: String?) -> String? {
        #if canImport(Glibc)
        var candidates: [String] = []
        if let v = getenv("TOUCHDESK_LOCALEDIR").map({ String(cString: $0) }), !v.isEmpty { candidates.append(v) }
        if let exe = executablePath ?? selfPath() {
            let bin = String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)])
            candidates.append(bin + "/../share/locale")
            candidates.append(bin + "/../../locale")
            candidates.append(bin + "/../locale")
        }
        return candidates.first(where: holdsCatalogue)
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    private static func selfPath() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func holdsCatalogue(_ dir: String) -> Bool {
        guard let d = opendir(dir) else { return false }
        defer { closedir(d) }
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasPrefix(".") { continue }
            if access(dir + "/" + name + "/LC_MESSAGES/" + domain + ".mo", R_OK) == 0 { return true }
        }
        return false
    }
    #endif
}

/// The text in the user's language (the English text when there is no translation), with `{0}`,
/// `{1}` … replaced by `arguments` in order: `tr("Saved {0}", name)`. The English text is the key.
public func tr(_ english: String, _ arguments: String...) -> String {
    fill(translate(english), arguments)
}

/// A text that counts something, in the user's language with its plural rules (German and
/// English have two forms, Polish three): `trn("{0} ball", "{0} balls", n, count)`.
public func trn(_ singular: String, _ plural: String, _ n: Int, _ arguments: String...) -> String {
    #if canImport(Glibc)
    // gettext returns one of its arguments when it has no translation: read it while they live.
    let text = singular.withCString { one in
        plural.withCString { many in
            guard let r = dngettext(Localization.domain, one, many, UInt(n.magnitude)) else { return n == 1 ? singular : plural }
            return r == one ? singular : r == many ? plural : String(cString: r)
        }
    }
    #else
    let text = n == 1 ? singular : plural
    #endif
    return fill(text, arguments)
}

/// Marks an English text for the catalogue without translating it: a model keeps the English
/// text (the catalogue's key) and the view shows `tr(text)`, as gettext's `N_`.
public func translatable(_ english: String) -> String { english }

private func translate(_ english: String) -> String {
    #if canImport(Glibc)
    guard !english.isEmpty else { return english }
    // gettext returns its argument when it has no translation: read it while it lives.
    return english.withCString { id in
        guard let r = dgettext(Localization.domain, id), r != id else { return english }
        return String(cString: r)
    }
    #else
    return english
    #endif
}

/// Replaces each `{N}` with `arguments[N]` in one pass over `text`, so an argument that itself
/// holds `{1}` (a file named `a{1}.png`) is shown as it is, never replaced again. A `{N}` with no
/// argument, or braces around anything but digits, stay as they are.
func fill(_ text: String, _ arguments: [String]) -> String {
    guard !arguments.isEmpty else { return text }
    var out = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
        out += rest[..<open]
        let afterOpen = rest.index(after: open)
        let digits = rest[afterOpen...].prefix(while: { $0.isASCII && $0.isNumber })
        let close = digits.endIndex
        if !digits.isEmpty, digits.count <= 4, close < rest.endIndex, rest[close] == "}",
           let i = Int(digits), i < arguments.count {
            out += arguments[i]
            rest = rest[rest.index(after: close)...]
        } else {
            out += "{"
            rest = rest[afterOpen...]
        }
    }
    out += rest
    return out
}

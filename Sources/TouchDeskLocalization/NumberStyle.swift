#if canImport(Glibc)
import Glibc
#endif

/// How the user writes numbers: the decimal separator and the thousands grouping of their
/// `LC_NUMERIC` (or `LC_ALL`, or `LANG`), as the C library's locale data gives them.
///
/// The one formatter for every number a person reads in the window (temperatures, populations,
/// zoom, sizes, readings), and the parser for numbers a person types. What a program reads
/// (JSON reports, `--find` rows, Mandelbrot's copied view) stays in the C style: the process
/// keeps `LC_NUMERIC` at "C" (`Localization.start`), so `String(format:)` and `description`
/// always write a dot, and only this type writes the user's way.
public struct NumberStyle: Sendable, Equatable {
    /// "," in German and French, "." in English.
    public var decimalSeparator: String
    /// "." in German, a narrow no-break space in French, "," in English.
    public var groupSeparator: String
    /// Digits per group from the right, the last repeating (`localeconv`'s `grouping`); empty: none.
    public var grouping: [Int]

    public init(decimalSeparator: String = ".", groupSeparator: String = ",", grouping: [Int] = [3]) {
        self.decimalSeparator = decimalSeparator; self.groupSeparator = groupSeparator; self.grouping = grouping
    }

    /// The style every readout uses, read once from the environment.
    public static let current: NumberStyle = NumberStyle(localeNamed: "") ?? NumberStyle()

    /// The style of a named locale ("de_DE.UTF-8"; "" for the environment's choice), or nil when
    /// the C library does not know it (not generated): the caller then keeps the English style.
    ///
    /// The C and POSIX locales name no thousands separator; TouchDesk then groups with commas as
    /// it always did ("415,367"), since 8336817 is hard to read.
    public init?(localeNamed name: String) {
        #if canImport(Glibc)
        guard let loc = newlocale(LC_NUMERIC_MASK, name, nil) else { return nil }
        defer { freelocale(loc) }
        let old = uselocale(loc)
        defer { uselocale(old) }
        guard let conv = localeconv() else { return nil }
        let decimal = conv.pointee.decimal_point.map { String(cString: $0) } ?? "."
        let group = conv.pointee.thousands_sep.map { String(cString: $0) } ?? ""
        var sizes: [Int] = []
        if let g = conv.pointee.grouping {
            var i = 0
            // A CHAR_MAX ends the grouping (no more groups); a 0 repeats the last one.
            while g[i] > 0 && Int(g[i]) < Int(CChar.max), i < 8 { sizes.append(Int(g[i])); i += 1 }
        }
        self.decimalSeparator = decimal.isEmpty ? "." : decimal
        if group.isEmpty || sizes.isEmpty {
            self.groupSeparator = self.decimalSeparator == "," ? "." : ","
            self.grouping = [3]
        } else {
            self.groupSeparator = group
            self.grouping = sizes
        }
        #else
        return nil
        #endif
    }

    // MARK: - Writing

    /// An integer with the thousands grouped: "415,367", "415.367", "415 367".
    public func integer<T: BinaryInteger>(_ n: T) -> String {
        let digits = String(n.magnitude)
        return (n < 0 ? "-" : "") + grouped(digits)
    }

    /// A number with exactly `decimals` digits after the separator, grouped: "1,234.5", "1.234,5".
    /// Not-a-number and infinities read "—" and "∞".
    public func decimal(_ x: Double, decimals: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "—" : (x < 0 ? "−∞" : "∞") }
        let places = max(0, min(decimals, 17))
        let scale = (0..<places).reduce(1.0) { r, _ in r * 10 }
        let scaled = (abs(x) * scale).rounded()
        // Past 2^63 the digits are not worth grouping one by one: leave it to the C style.
        guard scaled < 9.2e18 else { return localize(plain(x, places)) }
        let whole = UInt64(scaled)
        let p = UInt64(scale)
        var out = grouped(String(whole / p))
        if places > 0 {
            let fraction = String(whole % p)
            out += decimalSeparator + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return (x < 0 && whole > 0 ? "-" : "") + out
    }

    /// A number with at most `decimals` digits after the separator, trailing zeros dropped:
    /// 12.5 → "12,5", 3 → "3".
    public func trimmed(_ x: Double, maxDecimals: Int) -> String {
        var s = decimal(x, decimals: maxDecimals)
        guard maxDecimals > 0, x.isFinite, s.contains(decimalSeparator) else { return s }
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(decimalSeparator) { s.removeLast(decimalSeparator.count) }
        return s
    }

    /// A text in the C style ("1.5e+300", "-3.25") written the user's way: the point becomes the
    /// decimal separator. For numbers formatted elsewhere (scientific notation, exact decimals).
    public func localize(_ cStyle: String) -> String {
        decimalSeparator == "." ? cStyle : cStyle.replacing(".", with: decimalSeparator)
    }

    private func plain(_ x: Double, _ places: Int) -> String {
        #if canImport(Glibc)
        var buf = [CChar](repeating: 0, count: 400)
        _ = withVaList([places, x]) { vsnprintf(&buf, buf.count, "%.*f", $0) }
        return String(cString: buf)
        #else
        return String(x)
        #endif
    }

    private func grouped(_ digits: String) -> String {
        guard !grouping.isEmpty else { return digits }
        var chars = Array(digits)
        var groups: [String] = []
        var index = 0
        while !chars.isEmpty {
            let size = grouping[min(index, grouping.count - 1)]
            let take = min(size, chars.count)
            groups.insert(String(chars.suffix(take)), at: 0)
            chars.removeLast(take)
            index += 1
        }
        return groups.joined(separator: groupSeparator)
    }

    // MARK: - Reading

    /// A number as a person types it: the user's decimal separator or a point, group separators
    /// allowed between digits, a leading "-", "−" or "+". Nil when it is not a number.
    public func parse(_ text: String) -> Double? {
        guard let s = normalized(text) else { return nil }
        return Double(s)
    }

    /// The typed text in the C style ("-12.5"), for parsers of exact decimals; nil if it is not
    /// a plain decimal number.
    public func normalized(_ text: String) -> String? {
        var s = text.trimmingSpaces.replacing("−", with: "-")
        if groupSeparator != decimalSeparator {
            // Group separators only between digits (so "1.5" under German stays ambiguous-free:
            // a lone "." there is read as a decimal point, as people also type it).
            if groupSeparator != "." || s.filter({ $0 == "." }).count > 1 || s.contains(decimalSeparator) {
                s = s.replacing(groupSeparator, with: "")
            }
            if groupSeparator.unicodeScalars.contains(where: { $0.properties.isWhitespace }) || groupSeparator == "\u{202F}" {
                s = s.replacing(" ", with: "").replacing("\u{A0}", with: "")
                    .replacing("\u{202F}", with: "")
            }
        }
        if decimalSeparator != "." { s = s.replacing(decimalSeparator, with: ".") }
        guard !s.isEmpty, s.filter({ $0 == "." }).count <= 1,
              s.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), Double(s) != nil else { return nil }
        return s
    }
}

extension String {
    /// Without spaces at either end (Foundation-free).
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

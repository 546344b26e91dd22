/// The desktop's settings as an XSETTINGS manager (gnome-settings-daemon, xsettingsd, xfsettingsd)
/// publishes them: the `_XSETTINGS_SETTINGS` property of the window that owns `_XSETTINGS_Sn`.
///
/// The property is a small binary blob (freedesktop XSETTINGS spec 0.5): a byte-order byte, three
/// bytes of padding, a serial and a count, then each setting as its type (integer, string or
/// colour), its name, the serial it last changed at and its value, every part padded to four
/// bytes. The blob comes from another program, so every length is checked against what is left;
/// a damaged blob gives the settings read before the damage and the reason, never a crash.
public struct DesktopSettings: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case integer(Int32)
        case string(String)
        /// Red, green, blue, alpha, each 0–65535.
        case color(UInt16, UInt16, UInt16, UInt16)
    }

    public var values: [String: Value]
    /// The manager's serial, which grows with every change.
    public var serial: UInt32
    /// Why the blob could not be read to its end, if it could not.
    public var problem: String?

    public init(values: [String: Value] = [:], serial: UInt32 = 0, problem: String? = nil) {
        self.values = values; self.serial = serial; self.problem = problem
    }

    /// More settings than this in one blob is not a desktop's settings (a desktop has about 50).
    public static let maxCount = 10_000

    /// Reads a blob. Unknown types stop the reading (their size is unknown) with a problem.
    public static func parse(_ bytes: [UInt8]) -> DesktopSettings {
        var r = Reader(bytes: bytes[...])
        var s = DesktopSettings()
        guard let order = r.byte() else { s.problem = "empty"; return s }
        guard order <= 1 else { s.problem = "byte order \(order) is neither 0 nor 1"; return s }
        r.bigEndian = order == 1
        guard r.skip(3), let serial = r.card32(), let count = r.card32() else { s.problem = "truncated header"; return s }
        s.serial = serial
        guard count <= maxCount else { s.problem = "\(count) settings is more than \(maxCount)"; return s }
        for i in 0..<Int(count) {
            guard let type = r.byte(), r.skip(1), let nameLength = r.card16(),
                  let nameBytes = r.take(Int(nameLength)), r.pad(Int(nameLength)), r.skip(4) else {
                s.problem = "setting \(i + 1) of \(count) is cut short"; return s
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            switch type {
            case 0:
                guard let v = r.card32() else { s.problem = "\(name): value cut short"; return s }
                s.values[name] = .integer(Int32(bitPattern: v))
            case 1:
                guard let n = r.card32(), n <= UInt32(r.remaining), let text = r.take(Int(n)), r.pad(Int(n)) else {
                    s.problem = "\(name): string cut short"; return s
                }
                s.values[name] = .string(String(decoding: text, as: UTF8.self))
            case 2:
                guard let red = r.card16(), let green = r.card16(), let blue = r.card16(), let alpha = r.card16() else {
                    s.problem = "\(name): colour cut short"; return s
                }
                s.values[name] = .color(red, green, blue, alpha)
            default:
                s.problem = "\(name): unknown type \(type)"; return s
            }
        }
        return s
    }

    /// Pixels per point from `Xft/DPI` (dots per inch × 1024; −1 or absent: unset), or nil.
    /// Values outside 48–480 dpi are taken as damage, not as a wish for a tiny or giant window.
    public var scale: Double? {
        guard case .integer(let v)? = values["Xft/DPI"], v > 0 else { return nil }
        let dpi = Double(v) / 1024
        return (48...480).contains(dpi) ? dpi / 96 : nil
    }

    /// The GTK theme's name (`Net/ThemeName`), e.g. "Adwaita-dark".
    public var themeName: String? {
        guard case .string(let s)? = values["Net/ThemeName"], !s.isEmpty else { return nil }
        return s
    }

    /// Whether the desktop's theme is dark, by its name's convention ("Adwaita-dark",
    /// "Arc-Dark", "Yaru-dark": a name ending in "-dark", any case); nil when no theme is named.
    public var prefersDark: Bool? {
        themeName.map { $0.lowercased().hasSuffix("-dark") }
    }

    /// Builds a blob (the inverse of `parse`): what a settings manager would publish. Used by tests
    /// and by anything that plays a manager.
    public static func encode(_ values: [(String, Value)], serial: UInt32 = 0, bigEndian: Bool = false) -> [UInt8] {
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card32(_ v: UInt32) { out += bigEndian ? [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
                                                    : [UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff), UInt8(v >> 24)] }
        func card16(_ v: UInt16) { out += bigEndian ? [UInt8(v >> 8), UInt8(v & 0xff)] : [UInt8(v & 0xff), UInt8(v >> 8)] }
        func padded(_ b: [UInt8]) { out += b; out += [UInt8](repeating: 0, count: (4 - b.count % 4) % 4) }
        card32(serial)
        card32(UInt32(values.count))
        for (name, value) in values {
            let type: UInt8
            switch value { case .integer: type = 0; case .string: type = 1; case .color: type = 2 }
            out += [type, 0]
            card16(UInt16(name.utf8.count))
            padded(Array(name.utf8))
            card32(serial)
            switch value {
            case .integer(let v): card32(UInt32(bitPattern: v))
            case .string(let s): card32(UInt32(s.utf8.count)); padded(Array(s.utf8))
            case .color(let r, let g, let b, let a): card16(r); card16(g); card16(b); card16(a)
            }
        }
        return out
    }

    /// Reads CARD8/16/32 in the blob's byte order, never past the end.
    private struct Reader {
        var bytes: ArraySlice<UInt8>
        var bigEndian = false
        var remaining: Int { bytes.count }
        mutating func byte() -> UInt8? { bytes.popFirst() }
        mutating func skip(_ n: Int) -> Bool { take(n) != nil }
        mutating func pad(_ n: Int) -> Bool { skip((4 - n % 4) % 4) }
        mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, n <= bytes.count else { return nil }
            defer { bytes = bytes.dropFirst(n) }
            return bytes.prefix(n)
        }
        mutating func card16() -> UInt16? {
            guard let b = take(2) else { return nil }
            let (x, y) = (UInt16(b[b.startIndex]), UInt16(b[b.startIndex + 1]))
            return bigEndian ? x << 8 | y : y << 8 | x
        }
        mutating func card32() -> UInt32? {
            guard let b = take(4) else { return nil }
            let v = b.reduce(into: UInt32(0)) { $0 = $0 << 8 | UInt32($1) }
            return bigEndian ? v : v.byteSwapped
        }
    }
}

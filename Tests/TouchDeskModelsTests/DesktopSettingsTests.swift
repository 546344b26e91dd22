import Testing
import TouchDeskTestSupport
import TouchDeskModels

/// The XSETTINGS blob a settings manager publishes, read as the host reads it.
@Suite("Desktop settings (XSETTINGS)")
struct DesktopSettingsTests {
    /// What Debian's xsettingsd 1.0.2 published on Xvfb for the config
    /// `Xft/DPI 196608`, `Net/ThemeName "Adwaita-dark"`, `Gtk/CursorThemeSize 24`,
    /// `Gtk/FontName "DejaVu Sans 11"` (read back with python3-xlib).
    static let xsettingsd: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x47, 0x74, 0x6b, 0x2f,
        0x43, 0x75, 0x72, 0x73, 0x6f, 0x72, 0x54, 0x68, 0x65, 0x6d, 0x65, 0x53, 0x69, 0x7a, 0x65, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x18, 0x00, 0x00, 0x00, 0x01, 0x00, 0x0c, 0x00, 0x47, 0x74, 0x6b, 0x2f, 0x46, 0x6f, 0x6e, 0x74, 0x4e, 0x61, 0x6d, 0x65,
        0x01, 0x00, 0x00, 0x00, 0x0e, 0x00, 0x00, 0x00, 0x44, 0x65, 0x6a, 0x61, 0x56, 0x75, 0x20, 0x53, 0x61, 0x6e, 0x73, 0x20,
        0x31, 0x31, 0x00, 0x00, 0x01, 0x00, 0x0d, 0x00, 0x4e, 0x65, 0x74, 0x2f, 0x54, 0x68, 0x65, 0x6d, 0x65, 0x4e, 0x61, 0x6d,
        0x65, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x41, 0x64, 0x77, 0x61, 0x69, 0x74, 0x61, 0x2d,
        0x64, 0x61, 0x72, 0x6b, 0x00, 0x00, 0x07, 0x00, 0x58, 0x66, 0x74, 0x2f, 0x44, 0x50, 0x49, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x03, 0x00,
    ]

    @Test func readsWhatXsettingsdPublishes() {
        let s = DesktopSettings.parse(Self.xsettingsd)
        #expect(s.problem == nil)
        #expect(s.serial == 1)
        #expect(s.values.count == 4)
        #expect(s.values["Gtk/CursorThemeSize"] == .integer(24))
        #expect(s.values["Gtk/FontName"] == .string("DejaVu Sans 11"))
        #expect(s.themeName == "Adwaita-dark")
        #expect(s.prefersDark == true)
        #expect(s.scale == 2)
    }

    @Test("round trip in both byte orders", arguments: [false, true])
    func roundTrip(bigEndian: Bool) {
        let values: [(String, DesktopSettings.Value)] = [
            ("Xft/DPI", .integer(147456)), ("Net/ThemeName", .string("Arc")), ("Net/IconThemeName", .string("")),
            ("Gtk/Colour", .color(1, 0xffff, 300, 0x8000)), ("Xft/Antialias", .integer(-1)), ("Gtk/FontName", .string("Noto Sans 12")),
        ]
        let s = DesktopSettings.parse(DesktopSettings.encode(values, serial: 7, bigEndian: bigEndian))
        #expect(s.problem == nil)
        #expect(s.serial == 7)
        #expect(s.values == Dictionary(uniqueKeysWithValues: values))
        #expect(s.scale == 1.5)
        #expect(s.prefersDark == false)
    }

    @Test("dark by the theme's name", arguments: [("Adwaita-dark", true), ("Arc-Dark", true), ("Yaru-dark", true),
                                                  ("Adwaita", false), ("darkness", false), ("HighContrast", false)])
    func darkByName(_ name: String, _ dark: Bool) {
        let s = DesktopSettings.parse(DesktopSettings.encode([("Net/ThemeName", .string(name))]))
        #expect(s.prefersDark == dark)
    }

    @Test("DPI unset or out of range gives no scale", arguments: [-1, 0, 1024, 40 * 1024, 500 * 1024] as [Int32])
    func unsetDPI(_ v: Int32) {
        #expect(DesktopSettings.parse(DesktopSettings.encode([("Xft/DPI", .integer(v))])).scale == nil)
    }

    @Test func everyCutOfARealBlobIsReadSafely() {
        for n in 0..<Self.xsettingsd.count {
            let s = DesktopSettings.parse(Array(Self.xsettingsd.prefix(n)))
            #expect(s.problem != nil, "a blob cut at \(n) bytes was read as whole")
            #expect(s.values.count < 4)
        }
    }

    @Test func hostileCountsAndLengthsAreRefused() {
        var huge = DesktopSettings.encode([])
        huge[8] = 0xff; huge[9] = 0xff; huge[10] = 0xff; huge[11] = 0x7f
        #expect(DesktopSettings.parse(huge).problem?.contains("more than") == true)
        var longString = DesktopSettings.encode([("Net/ThemeName", .string("x"))])
        longString[36] = 0xff; longString[37] = 0xff; longString[38] = 0xff; longString[39] = 0xff
        #expect(DesktopSettings.parse(longString).problem?.contains("cut short") == true)
        #expect(DesktopSettings.parse([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).problem?.contains("byte order") == true)
        #expect(DesktopSettings.parse(DesktopSettings.encode([("a", .integer(1))]).enumerated().map { $0.offset == 12 ? 9 : $0.element }).problem?.contains("unknown type") == true)
    }

    @Test func randomBytesNeverCrash() {
        var fuzz = Fuzz("xsettings")
        for _ in 0..<Fuzz.rounds(3000) {
            var blob = Self.xsettingsd
            for _ in 0..<fuzz.int(1...6) { blob[fuzz.int(0...(blob.count - 1))] = fuzz.bytes(1)[0] }
            let s = DesktopSettings.parse(blob)
            #expect(s.values.count <= 4)
        }
    }
}

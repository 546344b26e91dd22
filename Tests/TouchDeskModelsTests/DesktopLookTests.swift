import Testing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels

/// The pieces of following the desktop's look and sharing its thumbnails: the appearance
/// portal's colour scheme in the theme choice, the hand-picked look's order, and MD5 and PNG
/// text chunks as the thumbnail spec uses them.
@Suite struct DesktopLookTests {
    @Test("The portal's colour scheme comes after GTK_THEME and before the theme name; no preference falls through")
    func portalColorScheme() {
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: nil, colorScheme: .preferLight, desktopThemeName: "Adwaita-dark") == false)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: nil, colorScheme: .preferDark, desktopThemeName: "Adwaita") == true)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: nil, colorScheme: .noPreference, desktopThemeName: "Adwaita") == false)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: nil, colorScheme: .noPreference, desktopThemeName: nil) == true)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: "Adwaita", colorScheme: .preferDark, desktopThemeName: nil) == false, "GTK_THEME first")
        #expect(ThemeChoice.prefersDark(.light, gtkTheme: nil, colorScheme: .preferDark, desktopThemeName: nil) == false, "by hand wins")
        #expect(ThemeChoice.prefersDark(.dark, gtkTheme: nil, colorScheme: .preferLight, desktopThemeName: nil) == true)
    }

    @Test("Ctrl+Shift+L goes round: follow the desktop, light, dark, and back")
    func lookOrder() {
        #expect(ThemePreference.auto.next == .light)
        #expect(ThemePreference.light.next == .dark)
        #expect(ThemePreference.dark.next == .auto)
        // On a light desktop the first press goes dark: something visibly changes.
        #expect(ThemePreference.auto.next(desktopIsDark: false) == .dark)
        #expect(ThemePreference.dark.next(desktopIsDark: false) == .light)
        #expect(ThemePreference.light.next(desktopIsDark: false) == .auto)
    }

    @Test("MD5 gives RFC 1321's own test values")
    func md5() {
        let suite = ["": "d41d8cd98f00b204e9800998ecf8427e", "a": "0cc175b9c0f1b6a831c399e269772661",
                     "abc": "900150983cd24fb0d6963f7d28e17f72", "message digest": "f96b697d7cb7938d525a2f31aaf161d0",
                     "abcdefghijklmnopqrstuvwxyz": "c3fcd3d76192e4007dfb496cca67e13b",
                     "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789": "d174ab98d277d9f5a5611c2c9f419d9f",
                     String(repeating: "1234567890", count: 8): "57edf4a22be3c955ac49da2e2107b67a"]
        for (text, hash) in suite { #expect(MD5.hex(text.utf8) == hash, "MD5(\"\(text)\")") }
    }

    /// A PNG's first bytes: the signature and a 1×1 header, then IEND (enough for the chunk walk).
    static let tinyPNG: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A,
                                   0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
                                   0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    @Test("tEXt chunks go in after the header with a correct CRC and read back; damaged input is refused")
    func pngText() throws {
        let tagged = try #require(PNGText.adding([("Thumb::URI", "file:///tmp/a%20b.png"), ("Thumb::MTime", "1700000000")], to: Self.tinyPNG))
        #expect(PNGText.read(tagged) == ["Thumb::URI": "file:///tmp/a%20b.png", "Thumb::MTime": "1700000000"])
        // The chunk as the PNG specification spells it: length, "tEXt", keyword NUL text, CRC-32.
        let first = Array(tagged[33..<(33 + 8 + 10 + 1 + 21 + 4)])
        #expect(Array(first[4..<8]) == Array("tEXt".utf8))
        #expect(first.prefix(4) == [0, 0, 0, 32])
        #expect(Array(first.suffix(4)) == [0x3B, 0xC9, 0x05, 0x88], "the CRC-32 zlib computes for it")
        #expect(PNGText.read(Array("not a png".utf8)) == nil)
        #expect(PNGText.read(Array(tagged.prefix(40))) == [:], "a chunk cut short ends the reading")
        #expect(PNGText.adding([("Key", "snow ☃")], to: Self.tinyPNG) == nil, "not Latin-1")
    }
}

import Testing
import TouchDeskInterface
import TouchDeskModels

/// Numbers written and read the user's way, with the separators the C library's locale data
/// gives (glibc's de_DE, fr_FR, en_US and C, as `scripts/setup` generates them).
@Suite struct NumberStyleTests {
    static func style(_ name: String) -> NumberStyle? { NumberStyle(localeNamed: name) }
    static func has(_ name: String) -> Bool { NumberStyle(localeNamed: name) != nil }

    @Test("German: decimal comma, thousands with a point", .enabled(if: has("de_DE.UTF-8"), "de_DE.UTF-8 is not generated (scripts/setup)"))
    func german() throws {
        let de = try #require(Self.style("de_DE.UTF-8"))
        #expect(de.decimalSeparator == "," && de.groupSeparator == ".")
        #expect(de.integer(415_367) == "415.367")
        #expect(de.integer(8_336_817) == "8.336.817")
        #expect(de.decimal(1234.5, decimals: 1) == "1.234,5")
        #expect(de.decimal(37, decimals: 1) == "37,0")
        #expect(de.trimmed(12.5, maxDecimals: 2) == "12,5")
        #expect(de.localize("1.07e+300×") == "1,07e+300×")
        #expect(de.parse("37,5") == 37.5)
        #expect(de.parse("1.234,5") == 1234.5)
        #expect(de.parse("-4,25") == -4.25)
        // A lone point is read as people also type it, a decimal point.
        #expect(de.parse("36.6") == 36.6)
        #expect(de.parse("zwölf") == nil)
    }

    @Test("French: decimal comma, thousands with a narrow no-break space", .enabled(if: has("fr_FR.UTF-8"), "fr_FR.UTF-8 is not generated (scripts/setup)"))
    func french() throws {
        let fr = try #require(Self.style("fr_FR.UTF-8"))
        #expect(fr.decimalSeparator == ",")
        #expect(fr.groupSeparator == "\u{202F}")
        #expect(fr.integer(415_367) == "415\u{202F}367")
        #expect(fr.decimal(-0.004, decimals: 2) == "0,00", "no minus on a zero")
        #expect(fr.parse("415 367,5") == 415_367.5)
        #expect(fr.parse("415\u{202F}367") == 415_367)
    }

    @Test("US English and C: decimal point, thousands with a comma", .enabled(if: has("en_US.UTF-8"), "en_US.UTF-8 is not generated (scripts/setup)"))
    func englishAndC() throws {
        let en = try #require(Self.style("en_US.UTF-8"))
        let c = try #require(Self.style("C"))
        for s in [en, c] {
            #expect(s.decimalSeparator == ".")
            #expect(s.integer(415_367) == "415,367")
            #expect(s.decimal(24.94, decimals: 1) == "24.9")
            #expect(s.parse("1,234.5") == 1234.5)
        }
        // C names no grouping; TouchDesk keeps the comma it always showed.
        #expect(c == NumberStyle())
    }

    @Test("An unknown locale gives no style (the caller keeps the English one), never a crash")
    func unknown() {
        #expect(NumberStyle(localeNamed: "xx_YY.UTF-8") == nil)
        #expect(NumberStyle(localeNamed: "../../etc/passwd") == nil)
    }

    @Test("Huge, tiny and odd values")
    func extremes() {
        let s = NumberStyle(decimalSeparator: ",", groupSeparator: ".", grouping: [3])
        #expect(s.decimal(.nan, decimals: 1) == "—")
        #expect(s.decimal(.infinity, decimals: 1) == "∞")
        #expect(s.decimal(1e300, decimals: 1).hasPrefix("1000000"), "past 2^63 the C form, with the decimal comma")
        #expect(s.decimal(1e300, decimals: 1).hasSuffix(",0"))
        #expect(s.integer(Int.min).hasPrefix("-9.223.372"))
        // Indian grouping (3 then 2s), as hi_IN's localeconv gives it.
        let hi = NumberStyle(decimalSeparator: ".", groupSeparator: ",", grouping: [3, 2])
        #expect(hi.integer(12_345_678) == "1,23,45,678")
    }

    @Test("Temperature writes results with the user's separator and reads either back", .enabled(if: has("de_DE.UTF-8"), "de_DE.UTF-8 is not generated"))
    func temperature() throws {
        let de = try #require(Self.style("de_DE.UTF-8"))
        var m = TemperatureModel(numberStyle: de)
        m.setText("37,5", for: .celsius)
        let first = m.convert(from: .celsius)
        #expect(first)
        #expect(m.fahrenheitText == "99,5")
        #expect(m.kelvinText == "310,6" || m.kelvinText == "310,7")
        // What it wrote reads back.
        let back = m.convert(from: .fahrenheit)
        #expect(back)
        #expect(m.celsiusText == "37,5")
        m.setText("98.6", for: .fahrenheit)
        let point = m.convert(from: .fahrenheit)
        #expect(point)
        #expect(m.celsiusText == "37,0")
        #expect(Temperature.format(-0.04, style: de) == "0,0")
    }
}

/// Dark or light, from what the desktop says.
@Suite struct ThemeChoiceTests {
    @Test("By hand, the desktop's theme name, GTK_THEME, or dark when nothing is named")
    func choice() {
        #expect(ThemeChoice.prefersDark(.light, gtkTheme: "Adwaita:dark", desktopThemeName: "Adwaita-dark") == false)
        #expect(ThemeChoice.prefersDark(.dark, gtkTheme: nil, desktopThemeName: "Adwaita") == true)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: nil, desktopThemeName: "Adwaita") == false)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: nil, desktopThemeName: "Yaru-dark") == true)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: nil, desktopThemeName: "Arc-Dark-solid") == true)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: "Adwaita:dark", desktopThemeName: "Adwaita") == true, "GTK_THEME comes first, as in GTK")
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: "Adwaita", desktopThemeName: "Adwaita-dark") == false)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: "", desktopThemeName: nil) == true)
        #expect(ThemeChoice.prefersDark(.auto, gtkTheme: nil, desktopThemeName: "Darkness") == false)
    }
}

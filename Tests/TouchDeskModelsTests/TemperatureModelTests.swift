import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

@Suite("Temperature: conversion, bands, parsing")
struct TemperatureModelTests {
    func converted(_ text: String, from scale: TemperatureScale) -> TemperatureModel {
        var m = TemperatureModel()
        m.setText(text, for: scale)
        m.convert(from: scale)
        return m
    }

    @Test func minusFortyIsMinusFortyBothWays() {
        #expect(converted("-40", from: .fahrenheit).celsiusText == "-40.0")
        #expect(converted("-40", from: .celsius).fahrenheitText == "-40.0")
    }

    @Test func boilingAndFreezing() {
        #expect(converted("212", from: .fahrenheit).celsiusText == "100.0")
        #expect(converted("100", from: .celsius).fahrenheitText == "212.0")
        #expect(converted("32", from: .fahrenheit).celsiusText == "0.0")
        #expect(converted("36", from: .fahrenheit).celsiusText == "2.2")
    }

    @Test func kelvinIsShown() {
        let r = converted("0", from: .celsius).reading
        #expect(r?.kelvin == 273.15)
        #expect(converted("-459.67", from: .fahrenheit).reading.map { Temperature.format($0.kelvin) } == "0.0")
    }

    @Test("each band and its edges: the edge itself belongs to the band below", arguments: [
        (110.0, WeatherBand.hot), (110.1, .stayIndoors), (80, .biking), (80.1, .hot), (70, .chilly), (70.1, .biking),
        (50, .cold), (50.1, .chilly), (32, .freezing), (32.1, .cold), (-100, .freezing), (1000, .stayIndoors),
    ])
    func bands(_ f: Double, _ band: WeatherBand) {
        #expect(WeatherBand(fahrenheit: f) == band)
        #expect(converted(String(f), from: .fahrenheit).reading?.band == band)
    }

    @Test func bandMessagesAreTheSeeds() {
        #expect(WeatherBand.allCases.map(\.message) == ["Stay indoors!", "Getting hot out there", "Nice weather for biking",
                                                         "Seems a little chilly", "Definitely cold", "Freezing!"])
        #expect(converted("2.2", from: .celsius).reading?.band.message == "Definitely cold")
    }

    @Test("invalid input marks the field and converts nothing", arguments: ["", "abc", "1e999", "nan", "12..5", "1e3", "inf", "0x10", "-", ".", "1 2", "1,2,3", "1.2,3", "++1"])
    func invalid(_ text: String) {
        var m = TemperatureModel(fahrenheitText: "50.0", celsiusText: "10.0")
        m.convert(from: .fahrenheit)
        let before = m.celsiusText
        m.setText(text, for: .fahrenheit)
        let ok = m.convert(from: .fahrenheit); #expect(!ok)
        #expect(m.error?.scale == .fahrenheit)
        #expect(m.error?.message == "Enter a number, like 36 or -4.5")
        #expect(!before.isEmpty && m.celsiusText == "" && m.kelvinText == "", "the other fields are cleared")
        #expect(m.reading == nil, "no old reading (message, picture) stays")
        #expect(Temperature.parse(text) == nil)
    }

    @Test("decimal comma, spaces and a leading plus are accepted", arguments: [
        ("36,6", 36.6), (" 36.6 ", 36.6), ("+5", 5), ("-4.5", -4.5), ("\u{2212}4,5", -4.5), (".5", 0.5), ("7.", 7), ("\t 0 ", 0),
    ])
    func accepted(_ text: String, _ value: Double) {
        #expect(Temperature.parse(text) == value)
    }

    @Test func belowAbsoluteZeroIsRefused() {
        var m = TemperatureModel(celsiusText: "20")
        m.convert(from: .celsius)
        m.setText("-460", for: .fahrenheit)
        let ok = m.convert(from: .fahrenheit); #expect(!ok)
        #expect(m.error?.message == "Below absolute zero")
        #expect(m.celsiusText == "" && m.reading == nil)
        m.setText("-273.16", for: .celsius)
        let convertedC = m.convert(from: .celsius); #expect(!convertedC)
        #expect(m.error?.scale == .celsius && m.error?.message == "Below absolute zero")
        // Absolute zero itself is a temperature.
        #expect(converted("-273.15", from: .celsius).fahrenheitText == "-459.7")
        #expect(converted("-459.67", from: .fahrenheit).celsiusText == "-273.1" || converted("-459.67", from: .fahrenheit).celsiusText == "-273.2")
    }

    @Test func kelvinCanBeTypedAndTheOthersFollow() {
        var m = TemperatureModel()
        let ok = m.edit("300", in: .kelvin)
        #expect(ok && m.celsiusText == "26.9" && m.fahrenheitText == "80.3")
        #expect(m.kelvinText == "300", "the typed field keeps what was typed")
        #expect(m.reading?.band == .hot)
        let below = m.edit("-1", in: .kelvin)
        #expect(!below && m.error?.scale == .kelvin && m.error?.message == "Below absolute zero")
        #expect(m.celsiusText == "" && m.reading == nil)
    }

    @Test("typing converts at every keystroke, from the field being typed in")
    func editConvertsAsYouType() {
        var m = TemperatureModel()
        var ok = m.edit("3", in: .fahrenheit)
        #expect(ok && m.celsiusText == "-16.1")
        ok = m.edit("36", in: .fahrenheit)
        #expect(ok && m.celsiusText == "2.2" && m.kelvinText == "275.4")
        #expect(m.reading?.band.message == "Definitely cold")
        // A field emptied while typing clears the others, with no complaint.
        ok = m.edit("", in: .fahrenheit)
        #expect(!ok && m.error == nil && m.celsiusText == "" && m.kelvinText == "" && m.reading == nil)
        // Half-typed "-" is not a number yet: marked, the others cleared.
        ok = m.edit("-", in: .celsius)
        #expect(!ok && m.error?.scale == .celsius && m.fahrenheitText == "")
        ok = m.edit("-4", in: .celsius)
        #expect(ok && m.fahrenheitText == "24.8" && m.error == nil)
    }

    @Test func aGoodConversionClearsTheError() {
        var m = TemperatureModel(fahrenheitText: "abc")
        m.convert(from: .fahrenheit)
        #expect(m.error != nil)
        m.setText("68", for: .fahrenheit)
        let ok = m.convert(from: .fahrenheit); #expect(ok)
        #expect(m.error == nil)
        #expect(m.celsiusText == "20.0")
    }

    @Test func formattingHasOneDecimalAndNoNegativeZero() {
        #expect(Temperature.format(-0.04) == "0.0")
        #expect(Temperature.format(2.25) == "2.3" || Temperature.format(2.25) == "2.2")
        #expect(Temperature.format(-17.777) == "-17.8")
        // Large values in full digits, never "1.8e+24.0" (which once filled the other field).
        #expect(Temperature.format(1e17) == "100000000000000000.0")
        #expect(Temperature.format(-1.8e12 - 0.26) == "-1800000000000.3")
    }

    @Test func temperaturesBeyondATrillionDegreesAreRefusedWithAReason() {
        var m = TemperatureModel()
        m.setText(String(repeating: "9", count: 24), for: .fahrenheit)
        m.setText("20.0", for: .celsius)
        let converted = m.convert(from: .fahrenheit)
        #expect(!converted)
        #expect(m.error?.scale == .fahrenheit && m.error?.message == Temperature.tooLargeMessage)
        #expect(m.celsiusText == "20.0")
        m.setText("1000000000000", for: .celsius)
        let convertedBack = m.convert(from: .celsius)
        #expect(convertedBack)
        #expect(m.fahrenheitText == "1800000000032.0")
    }

    @Test("property: converting there and back gives the number again, to one decimal")
    func roundTrip() {
        var rng = SplitMix64(seed: 36)
        for _ in 0..<1000 {
            let f = (Double.random(in: -459.6...5000, using: &rng) * 10).rounded() / 10
            let c = converted(String(f), from: .fahrenheit)
            guard let r = c.reading else { Issue.record("\(f) not converted"); continue }
            #expect(abs(Temperature.fahrenheit(fromCelsius: r.celsius) - f) < 1e-9)
            #expect(abs(Temperature.parse(c.celsiusText)! - r.celsius) <= 0.05 + 1e-9)
            #expect(r.kelvin >= 0)
        }
    }
}

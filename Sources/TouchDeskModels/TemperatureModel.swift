import TouchDeskInterface
/// Temperature: convert between °F and °C (and show Kelvin), with a message and a picture for
/// how the weather feels.
///
/// Unlike the seed, which read anything unparseable as 0, bad input converts nothing and says
/// why; a decimal comma, surrounding spaces and a leading + are fine; below absolute zero is refused.
/// Any of the three scales can be typed in; the other two follow.

public enum TemperatureScale: String, CaseIterable, Equatable, Sendable {
    case fahrenheit, celsius, kelvin

    public var symbol: String {
        switch self {
        case .fahrenheit: "°F"
        case .celsius: "°C"
        case .kelvin: "K"
        }
    }
    public var name: String {
        switch self {
        case .fahrenheit: "Fahrenheit"
        case .celsius: "Celsius"
        case .kelvin: "Kelvin"
        }
    }
    /// The other two scales.
    public var others: [TemperatureScale] { Self.allCases.filter { $0 != self } }
    /// The lowest temperature there is on this scale.
    public var absoluteZero: Double {
        switch self {
        case .fahrenheit: -459.67
        case .celsius: -273.15
        case .kelvin: 0
        }
    }
}

/// The seed's six bands of weather, by the temperature in °F.
public enum WeatherBand: String, CaseIterable, Equatable, Sendable {
    case stayIndoors, hot, biking, chilly, cold, freezing

    /// Above 110 °F, above 80, above 70, above 50, above 32, otherwise: exactly the seed's edges.
    public init(fahrenheit f: Double) {
        if f > 110 { self = .stayIndoors }
        else if f > 80 { self = .hot }
        else if f > 70 { self = .biking }
        else if f > 50 { self = .chilly }
        else if f > 32 { self = .cold }
        else { self = .freezing }
    }

    public var message: String {
        switch self {
        case .stayIndoors: return tr("Stay indoors!")
        case .hot: return tr("Getting hot out there")
        case .biking: return tr("Nice weather for biking")
        case .chilly: return tr("Seems a little chilly")
        case .cold: return tr("Definitely cold")
        case .freezing: return tr("Freezing!")
        }
    }

    /// The picture's name under assets/temperature/.
    public var picture: String {
        switch self {
        case .stayIndoors: return "desert"
        case .hot: return "beach"
        case .biking: return "bike"
        case .chilly: return "autumn-leaves"
        case .cold: return "snowy-street"
        case .freezing: return "penguins"
        }
    }
}

public enum Temperature {
    public static var invalidMessage: String { tr("Enter a number, like 36 or -4.5") }
    public static var belowAbsoluteZeroMessage: String { tr("Below absolute zero") }
    public static var tooLargeMessage: String { tr("Too large: at most a trillion degrees") }
    /// The largest temperature converted: far beyond any star's core, and small enough that every
    /// result is shown in full digits, never as "1.8e+24".
    public static let largest = 1e12

    public static func celsius(fromFahrenheit f: Double) -> Double { (f - 32) * 5 / 9 }
    public static func fahrenheit(fromCelsius c: Double) -> Double { c * 9 / 5 + 32 }
    public static func kelvin(fromCelsius c: Double) -> Double { c + 273.15 }
    public static func celsius(fromKelvin k: Double) -> Double { k - 273.15 }

    /// Reads a plain decimal number: optional + or − sign (ASCII or U+2212), digits with at most one
    /// decimal point or comma, surrounding spaces allowed. No exponents, no "nan"/"inf", no hex:
    /// nil for anything else, and for numbers too large to hold.
    public static func parse(_ text: String) -> Double? {
        var s = Substring(text.trimmingSpaces())
        var negative = false
        if let first = s.first, first == "+" || first == "-" || first == "\u{2212}" {
            negative = first != "+"
            s = s.dropFirst()
        }
        var digits = 0, separators = 0
        var normalized = negative ? "-" : ""
        for c in s {
            if c.isASCIIDigit { digits += 1; normalized.append(c) }
            else if c == "." || c == "," { separators += 1; normalized.append(".") }
            else { return nil }
        }
        guard digits > 0, separators <= 1, let v = Double(normalized), v.isFinite else { return nil }
        return v
    }

    /// One decimal, the way the fields show results, with the user's decimal separator and no
    /// grouping (a field's text must read back); never "-0.0". Exact in whole tenths up to
    /// ±9e17 (far beyond `largest`); beyond that, Swift's shortest form.
    public static func format(_ v: Double, style: NumberStyle = NumberStyle()) -> String {
        let tenths = (v * 10).rounded()
        guard abs(tenths) < 9e18 else { return style.localize("\(v)") }
        let t = Int(tenths)
        return (t < 0 ? "-" : "") + String(t.magnitude / 10) + style.decimalSeparator + String(t.magnitude % 10)
    }
}

/// The converter's state: the three fields' texts, which of them is wrong, and the last result.
public struct TemperatureModel: Equatable, Sendable {
    /// A finished conversion.
    public struct Reading: Equatable, Sendable {
        public var fahrenheit: Double
        public var celsius: Double
        public var kelvin: Double { Temperature.kelvin(fromCelsius: celsius) }
        public var band: WeatherBand { WeatherBand(fahrenheit: fahrenheit) }
    }

    /// Why a field's text was not converted.
    public struct FieldError: Equatable, Sendable {
        public var scale: TemperatureScale
        public var message: String
    }

    public var fahrenheitText: String
    public var celsiusText: String
    public var kelvinText: String
    /// The field whose text could not be converted, and why.
    public private(set) var error: FieldError?
    public private(set) var reading: Reading?
    /// How results are written into the fields (the user's decimal separator; typing accepts
    /// either a point or a comma).
    public var numberStyle = NumberStyle()

    public init(fahrenheitText: String = "", celsiusText: String = "", kelvinText: String = "", numberStyle: NumberStyle = NumberStyle()) {
        self.numberStyle = numberStyle
        self.fahrenheitText = fahrenheitText
        self.celsiusText = celsiusText
        self.kelvinText = kelvinText
    }

    public func text(_ scale: TemperatureScale) -> String {
        switch scale {
        case .fahrenheit: fahrenheitText
        case .celsius: celsiusText
        case .kelvin: kelvinText
        }
    }

    public mutating func setText(_ s: String, for scale: TemperatureScale) {
        switch scale {
        case .fahrenheit: fahrenheitText = s
        case .celsius: celsiusText = s
        case .kelvin: kelvinText = s
        }
    }

    /// Converts from the field on `scale` into the other two. On bad input, marks that field with
    /// the reason and clears what would disagree with it: the other fields and the reading (so no
    /// old picture or message stays). Returns whether it converted.
    @discardableResult
    public mutating func convert(from scale: TemperatureScale) -> Bool {
        guard let v = Temperature.parse(text(scale)) else {
            fail(scale, Temperature.invalidMessage)
            return false
        }
        guard v >= scale.absoluteZero else {
            fail(scale, Temperature.belowAbsoluteZeroMessage)
            return false
        }
        guard v <= Temperature.largest else {
            fail(scale, Temperature.tooLargeMessage)
            return false
        }
        error = nil
        let celsius: Double
        switch scale {
        case .fahrenheit: celsius = Temperature.celsius(fromFahrenheit: v)
        case .celsius: celsius = v
        case .kelvin: celsius = Temperature.celsius(fromKelvin: v)
        }
        // The typed value stays exact; only the other scales are computed (and rounded).
        let r = Reading(fahrenheit: scale == .fahrenheit ? v : Temperature.fahrenheit(fromCelsius: celsius), celsius: celsius)
        for other in scale.others {
            switch other {
            case .fahrenheit: fahrenheitText = Temperature.format(r.fahrenheit, style: numberStyle)
            case .celsius: celsiusText = Temperature.format(r.celsius, style: numberStyle)
            case .kelvin: kelvinText = Temperature.format(r.kelvin, style: numberStyle)
            }
        }
        reading = r
        return true
    }

    /// The field on `scale` now says this, as it is being typed: converts from it when it holds a
    /// temperature. An empty field clears the others and the reading without a complaint (the
    /// user is about to type); anything else is marked as `convert` marks it.
    @discardableResult
    public mutating func edit(_ text: String, in scale: TemperatureScale) -> Bool {
        setText(text, for: scale)
        if text.trimmingSpaces().isEmpty {
            clearAll(except: scale)
            error = nil
            return false
        }
        return convert(from: scale)
    }

    private mutating func fail(_ scale: TemperatureScale, _ message: String) {
        error = FieldError(scale: scale, message: message)
        clearAll(except: scale)
    }

    private mutating func clearAll(except scale: TemperatureScale) {
        for other in scale.others { setText("", for: other) }
        reading = nil
    }
}

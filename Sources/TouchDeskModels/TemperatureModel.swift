/// Temperature: convert between °F and °C (and show Kelvin), with a message and a picture for
/// how the weather feels.
///
/// Unlike the seed, which read anything unparseable as 0, bad input converts nothing and says
/// why; a decimal comma, surrounding spaces and a leading + are fine; below absolute zero is refused.

public enum TemperatureScale: String, Equatable, Sendable {
    case fahrenheit, celsius

    public var symbol: String { self == .fahrenheit ? "°F" : "°C" }
    public var other: TemperatureScale { self == .fahrenheit ? .celsius : .fahrenheit }
    /// The lowest temperature there is on this scale.
    public var absoluteZero: Double { self == .fahrenheit ? -459.67 : -273.15 }
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
        case .stayIndoors: return "Stay indoors!"
        case .hot: return "Getting hot out there"
        case .biking: return "Nice weather for biking"
        case .chilly: return "Seems a little chilly"
        case .cold: return "Definitely cold"
        case .freezing: return "Freezing!"
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
    public static let invalidMessage = "Enter a number, like 36 or -4.5"
    public static let belowAbsoluteZeroMessage = "Below absolute zero"
    public static let tooLargeMessage = "Too large: at most a trillion degrees"
    /// The largest temperature converted: far beyond any star's core, and small enough that every
    /// result is shown in full digits, never as "1.8e+24".
    public static let largest = 1e12

    public static func celsius(fromFahrenheit f: Double) -> Double { (f - 32) * 5 / 9 }
    public static func fahrenheit(fromCelsius c: Double) -> Double { c * 9 / 5 + 32 }
    public static func kelvin(fromCelsius c: Double) -> Double { c + 273.15 }

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

    /// One decimal, the way the fields show results; never "-0.0". Exact in whole tenths up to
    /// ±9e17 (far beyond `largest`); beyond that, Swift's shortest form.
    public static func format(_ v: Double) -> String {
        let tenths = (v * 10).rounded()
        guard abs(tenths) < 9e18 else { return "\(v)" }
        let t = Int(tenths)
        return (t < 0 ? "-" : "") + String(t.magnitude / 10) + "." + String(t.magnitude % 10)
    }
}

/// The converter's state: the two fields' texts, which of them is wrong, and the last result.
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
    /// The field whose text could not be converted, and why.
    public private(set) var error: FieldError?
    public private(set) var reading: Reading?

    public init(fahrenheitText: String = "", celsiusText: String = "") {
        self.fahrenheitText = fahrenheitText
        self.celsiusText = celsiusText
    }

    public func text(_ scale: TemperatureScale) -> String { scale == .fahrenheit ? fahrenheitText : celsiusText }

    public mutating func setText(_ s: String, for scale: TemperatureScale) {
        if scale == .fahrenheit { fahrenheitText = s } else { celsiusText = s }
    }

    /// Converts from the field on `scale` into the other. On bad input, marks that field with the
    /// reason and changes nothing else: the other field keeps its value. Returns whether it converted.
    @discardableResult
    public mutating func convert(from scale: TemperatureScale) -> Bool {
        guard let v = Temperature.parse(text(scale)) else {
            error = FieldError(scale: scale, message: Temperature.invalidMessage)
            return false
        }
        guard v >= scale.absoluteZero else {
            error = FieldError(scale: scale, message: Temperature.belowAbsoluteZeroMessage)
            return false
        }
        guard v <= Temperature.largest else {
            error = FieldError(scale: scale, message: Temperature.tooLargeMessage)
            return false
        }
        error = nil
        let r: Reading
        if scale == .fahrenheit {
            r = Reading(fahrenheit: v, celsius: Temperature.celsius(fromFahrenheit: v))
            celsiusText = Temperature.format(r.celsius)
        } else {
            r = Reading(fahrenheit: Temperature.fahrenheit(fromCelsius: v), celsius: v)
            fahrenheitText = Temperature.format(r.fahrenheit)
        }
        reading = r
        return true
    }

    /// The error stays until the field is converted again or edited.
    public mutating func clearError(for scale: TemperatureScale) {
        if error?.scale == scale { error = nil }
    }
}

import Foundation
import Testing
import TouchDeskTestSupport
import TouchDeskInterface
import TouchDeskModels

/// Thousands of random and mutated inputs for every parser of outside input in the models: IIO
/// sysfs values and mount matrices, joystick event bytes, Mandelbrot journeys, pasted text,
/// postal codes and temperatures. Each must end in a clean value in range or a clear error, and
/// round-trip where a round trip exists. Seeded (see `Fuzz`): a failure names its seed.
@Suite("Fuzz: the models' parsers")
struct ParserFuzzTests {
    // MARK: - IIO accelerometer

    static let iioSeeds = ["1234\n", "-512", "0.009576806", "9.80665", "0", "  42  ", "1e-3", "-0.5"]

    @Test func iioNumbersAreFiniteOrRefused() {
        var f = Fuzz("iio-number")
        for _ in 0..<Fuzz.rounds(5000) {
            let text = f.chance(0.5) ? f.mutate(f.pick(Self.iioSeeds)) : f.string()
            guard let v = IIOAccelerometer.number(text) else { continue }
            #expect(v.isFinite, "seed \(f.seed): \(text.debugDescription) → \(v)")
            let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Double(t) == v, "seed \(f.seed): \(text.debugDescription) read as \(v), not as Double would")
        }
    }

    @Test func iioReadingsAreWithinSixteenGOrSayWhichAxisIsWrong() {
        var f = Fuzz("iio-reading")
        var accepted = 0, refused = 0
        for _ in 0..<Fuzz.rounds(4000) {
            // Mostly sound values, so that both outcomes are common; a few damaged or random.
            func value(_ seeds: [String]) -> String {
                f.chance(0.9) ? f.pick(seeds) : f.chance(0.5) ? f.mutate(f.pick(seeds), edits: 1) : f.string(maxPieces: 3)
            }
            let raw = (0..<3).map { _ in value(["100", "-4096", "0", "2048", " 1000\n", "1000000"]) }
            let scale = (0..<3).map { _ in value(["0.009576806", "0.0023946", "0.01", "-1", "0"]) }
            let offset: [String?] = (0..<3).map { _ in f.chance(0.5) ? nil : value(["0", "12", "-3.5"]) }
            switch IIOAccelerometer.reading(raw: raw, scale: scale, offset: offset) {
            case .success(let v):
                accepted += 1
                for a in [v.x, v.y, v.z] {
                    #expect(a.isFinite && abs(a) <= IIOAccelerometer.limit, "seed \(f.seed): \(raw) \(scale) \(offset) → \(v)")
                }
                // The same numbers computed here: (raw + offset) × scale ÷ g.
                let r = IIOAccelerometer.number(raw[0])!, s = IIOAccelerometer.number(scale[0])!
                let o = offset[0].flatMap(IIOAccelerometer.number) ?? 0
                #expect(abs(v.x - (r + o) * s / IIOAccelerometer.standardGravity) < 1e-9, "seed \(f.seed)")
            case .failure(let e):
                refused += 1
                #expect(e.description.hasPrefix("in_accel_"), "seed \(f.seed): the message names the axis: \(e)")
            }
        }
        #expect(accepted > 100 && refused > 100, "seed \(f.seed): the inputs exercise both outcomes (\(accepted) accepted, \(refused) refused)")
    }

    @Test func mountMatricesAreNineFiniteNumbersAndRoundTrip() {
        var f = Fuzz("iio-mount")
        let identity = "1, 0, 0; 0, 1, 0; 0, 0, 1"
        for _ in 0..<Fuzz.rounds(4000) {
            let text: String
            switch f.int(0...2) {
            case 0: text = f.mutate(identity, edits: 2)
            case 1:
                // Nine random numbers, some enormous, written the way sysfs does.
                let m = (0..<3).map { _ in (0..<3).map { _ in f.chance(0.2) ? f.pick([1e30, -1e300, 1e-300, 0]) : Double(f.int(-2...2)) } }
                text = m.map { $0.map { "\($0)" }.joined(separator: ", ") }.joined(separator: "; ")
                let parsed = IIOAccelerometer.mountMatrix(text)
                #expect(parsed == m, "seed \(f.seed): \(text) does not read back as written")
            default: text = f.string(maxPieces: 12)
            }
            guard let m = IIOAccelerometer.mountMatrix(text) else { continue }
            #expect(m.count == 3 && m.allSatisfy { $0.count == 3 && $0.allSatisfy(\.isFinite) }, "seed \(f.seed): \(text.debugDescription)")
            // Any matrix, any reading: the checked tilt is finite and within ±16 g, or refused.
            let raw = (0..<3).map { _ in String(f.int(-2000...2000)) }
            if case .success(let v) = IIOAccelerometer.tilt(raw: raw, scale: ["0.0098", "0.0098", "0.0098"], offset: [nil, nil, nil], mount: m) {
                #expect([v.x, v.y, v.z].allSatisfy { $0.isFinite && abs($0) <= IIOAccelerometer.limit }, "seed \(f.seed): \(m) → \(v)")
            }
        }
    }

    // MARK: - Joystick

    /// What an independent reading of the events says the stick is: the last axis-0 and axis-1
    /// values of the whole 8-byte records, init flag ignored.
    static func reference(_ bytes: [UInt8]) -> (x: Double, y: Double, moved: Bool) {
        var x = 0.0, y = 0.0, moved = false
        for start in stride(from: 0, to: bytes.count - 7, by: 8) {
            let value = Double(Int16(bitPattern: UInt16(bytes[start + 4]) + UInt16(bytes[start + 5]) * 256))
            guard bytes[start + 6] & 0x7f == 0x02, bytes[start + 7] < 2 else { continue }
            let v = min(1, max(-1, value / 32767))
            if bytes[start + 7] == 0 { x = v } else { y = v }
            moved = true
        }
        return (x, y, moved)
    }

    @Test func joystickBytesOfAnyKindGiveAStickWithinRange() {
        var f = Fuzz("joystick")
        for _ in 0..<Fuzz.rounds(3000) {
            var bytes: [UInt8]
            if f.chance(0.5) {
                // Well-formed events, mostly axes 0 and 1, with extreme values.
                bytes = []
                for _ in 0..<f.int(0...20) {
                    let value = f.pick([Int16.min, -32767, -1, 0, 1, 32767, Int16.max, Int16(truncatingIfNeeded: f.int(-40000...40000))])
                    let v = UInt16(bitPattern: value)
                    bytes += [0, 0, 0, 0, UInt8(v & 0xff), UInt8(v >> 8), f.pick([0x01, 0x02, 0x81, 0x82, 0x04, 0xff]), UInt8(f.pick([0, 1, 2, 255]))]
                }
                if f.chance(0.3) { bytes = f.mutate(bytes: bytes) }
            } else {
                bytes = f.bytes(f.int(0...100))
            }
            var stick = JoystickTilt()
            let moved = stick.apply(bytes)
            let expected = Self.reference(bytes)
            #expect(moved == expected.moved && stick.stickX == expected.x && stick.stickY == expected.y,
                    "seed \(f.seed): \(bytes) → (\(stick.stickX), \(stick.stickY)), expected \(expected)")
            let t = stick.tilt
            #expect([t.x, t.y, t.z].allSatisfy { $0.isFinite && abs($0) <= 1.0000001 }, "seed \(f.seed): tilt \(t)")
            // Read in pieces of whole events, as a non-blocking read may return them, it ends the same.
            var pieces = JoystickTilt()
            var rest = bytes[...]
            while !rest.isEmpty {
                let n = 8 * f.int(0...3)
                _ = pieces.apply(Array(rest.prefix(max(8, n))))
                rest = rest.dropFirst(max(8, n))
            }
            #expect(pieces == stick, "seed \(f.seed): read in pieces, the stick differs")
        }
    }

    // MARK: - Mandelbrot journeys

    @Test func journeysParseToQuadrantsAndRoundTripOrSayWhichStepIsBad() throws {
        var f = Fuzz("journey")
        for _ in 0..<Fuzz.rounds(4000) {
            let valid = MandelbrotJourney.format((0..<f.int(0...30)).map { _ in f.int(1...4) })
            let text = f.chance(0.3) ? valid : f.chance(0.6) ? f.mutate(valid, edits: 2) : f.string()
            do {
                let steps = try MandelbrotJourney.parse(text)
                #expect(steps.allSatisfy { (1...4).contains($0) } && steps.count <= MandelbrotWindow.maxHalvings, "seed \(f.seed)")
                #expect(MandelbrotJourney.format(steps) == text.trimmingCharacters(in: .whitespaces), "seed \(f.seed): \(text.debugDescription) → \(steps)")
                _ = try MandelbrotModel(journey: steps)
            } catch let e as MandelbrotJourney.ParseError {
                #expect(text != valid, "seed \(f.seed): a valid journey \(valid) refused: \(e)")
                #expect(e.description.contains("journey"), "seed \(f.seed): \(e)")
            }
        }
        // As deep as allowed, and one deeper.
        let deepest = MandelbrotJourney.format(Array(repeating: 2, count: MandelbrotWindow.maxHalvings))
        #expect(try MandelbrotJourney.parse(deepest).count == MandelbrotWindow.maxHalvings)
        #expect(throws: MandelbrotJourney.ParseError.self) { try MandelbrotJourney.parse(deepest + "-1") }
    }

    // MARK: - Pasted and typed text

    /// Text as a paste may bring it: any scalars, lines, controls, bytes that were not UTF-8.
    static func paste(_ f: inout Fuzz) -> String {
        switch f.int(0...3) {
        case 0: return String(decoding: f.bytes(f.int(0...300)), as: UTF8.self)
        case 1: return (0..<f.int(0...40)).map { _ in f.string(maxPieces: 3) }.joined(separator: f.pick(["\n", "\r\n", "\t", ""]))
        case 2:
            // Combining marks piled on one letter.
            var s = String.UnicodeScalarView()
            s.append("a")
            s.append(contentsOf: repeatElement(Unicode.Scalar(0x301)!, count: f.int(1...500)))
            return String(s)
        default: return f.string(maxPieces: 20)
        }
    }

    @Test func pastesAndKeysKeepTheFieldWithinItsLimitAndFreeOfControls() {
        var f = Fuzz("text-editor")
        let keys = ["Left", "Right", "Home", "End", "BackSpace", "Delete", "Return", "a", "c", "x", "v", "Up", "Down"]
        for _ in 0..<Fuzz.rounds(300) {
            let limit = f.pick([1, 5, 24, 32, 200, 2048])
            var e = TextEditor(f.chance(0.3) ? Self.paste(&f) : "", maxLength: limit)
            for _ in 0..<f.int(1...15) {
                if f.chance(0.5) {
                    let before = e.characters.count - e.selection.count
                    let s = Self.paste(&f)
                    e.insert(s)
                    let kept = e.characters.count - before
                    // Everything that is not a control character is either kept or counted as left out.
                    // Counted over the paste's own characters: a filtered String would join a
                    // lone combining mark to the character before the control it followed.
                    var wanted = 0
                    for c in s where ["\n", "\r\n", "\r", "\t"].contains(c) || !c.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) {
                        wanted += 1
                    }
                    // A piece that begins with a mark, a second flag letter or a vowel jamo may join the
                    // character before it (once a control between them is dropped, or at the caret):
                    // the field then counts the two as one, as the text does.
                    let joinable = s.filter { c in
                        let first = c.unicodeScalars.first!
                        return first.properties.isGraphemeExtend || first.properties.generalCategory == .spacingMark
                            || (0x1F1E6...0x1F1FF).contains(first.value) || (0x1160...0x11FF).contains(first.value)
                    }.count + 1
                    #expect(kept <= wanted && kept + e.droppedByLastInsert + joinable >= wanted && kept + e.droppedByLastInsert <= s.count,
                            "seed \(f.seed): kept \(kept), dropped \(e.droppedByLastInsert) of \(wanted)")
                    #expect(e.droppedByLastInsert == 0 || e.characters.count >= limit - joinable, "seed \(f.seed): cut short only when full")
                } else {
                    _ = e.apply(Key(f.pick(keys), text: "", control: f.chance(0.4), shift: f.chance(0.3)))
                }
                #expect(e.characters.count <= limit, "seed \(f.seed): \(e.characters.count) characters in a field of \(limit)")
                #expect(!e.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }, "seed \(f.seed): a control character got in")
                #expect(e.characters.allSatisfy { $0.unicodeScalars.count <= TextEditor.maxScalarsPerCharacter }, "seed \(f.seed)")
                #expect((0...e.characters.count).contains(e.caret) && (0...e.characters.count).contains(e.anchor), "seed \(f.seed)")
            }
        }
    }

    @Test func aHugePasteIsCutToTheLimitAtOnce() {
        var f = Fuzz("huge-paste")
        // 2 MB of mixed text, as an INCR paste may bring.
        var big = ""
        while big.utf8.count < 2_000_000 { big += f.string(maxPieces: 20) + "\n" }
        var e = TextEditor("", maxLength: 24)
        let start = Date()
        e.insert(big)
        #expect(e.characters.count == 24, "seed \(f.seed)")
        #expect(e.droppedByLastInsert > 100_000, "seed \(f.seed): says it left most out")
        #expect(!e.text.contains("\n"))
        print("huge paste: 2 MB into a 24-character field in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
    }

    // MARK: - Postal codes

    @Test func postalVerdictsAreValidCodesOrSayWhy() {
        var f = Fuzz("postal")
        let seeds = ["77335", "12345-6789", "K7G 5T9", "k7g5t9", "M5V 3L9", "H0H 0H0"]
        for _ in 0..<Fuzz.rounds(5000) {
            let text = f.chance(0.6) ? f.mutate(f.pick(seeds), edits: 2) : f.string(maxPieces: 4)
            switch PostalCode.validate(text) {
            case .empty:
                #expect(text.allSatisfy { " \t\n\r\u{00A0}".contains($0) } || text.isEmpty, "seed \(f.seed): \(text.debugDescription) called empty")
            case .usZIP(let z):
                let d = Array(z)
                #expect((d.count == 5 || d.count == 10) && d.enumerated().allSatisfy { i, c in i == 5 ? c == "-" : ("0"..."9").contains(c) && c.unicodeScalars.count == 1 },
                        "seed \(f.seed): \(text.debugDescription) → ZIP \(z)")
                #expect(PostalCode.validate(z) == .usZIP(z), "seed \(f.seed)")
            case .canadian(let c):
                let a = Array(c)
                #expect(a.count == 7 && a[3] == " ", "seed \(f.seed): \(c)")
                let letters = [a[0], a[2], a[5]], digits = [a[1], a[4], a[6]]
                #expect(letters.allSatisfy { ("A"..."Z").contains($0) && !PostalCode.forbiddenLetters.contains($0) }, "seed \(f.seed): \(c)")
                #expect(digits.allSatisfy { ("0"..."9").contains($0) }, "seed \(f.seed): \(c)")
                #expect(!PostalCode.forbiddenFirstLetters.contains(a[0]), "seed \(f.seed): \(c)")
                #expect(PostalCode.validate(c.lowercased()) == .canadian(c), "seed \(f.seed): round trip of \(c)")
            case .incomplete(let why):
                #expect(why.hasPrefix("So far so good"), "seed \(f.seed): \(text.debugDescription) → \(why)")
                #expect(text.trimmingCharacters(in: .whitespacesAndNewlines).count < 10, "seed \(f.seed): \(text.debugDescription) is too long to be a beginning")
            case .invalid(let why):
                #expect(!why.isEmpty, "seed \(f.seed)")
            }
        }
    }

    // MARK: - Temperatures

    /// A field's shown result: an optional minus, digits, a point and one digit.
    static func isFormatted(_ s: String) -> Bool {
        var t = Substring(s)
        if t.first == "-" { t = t.dropFirst() }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].count == 1
            && (parts[0] + parts[1]).allSatisfy { ("0"..."9").contains($0) }
    }

    @Test func temperaturesConvertToShownNumbersOrSayWhy() {
        var f = Fuzz("temperature")
        let seeds = ["36", "-4.5", "98,6", "+20", "\u{2212}40", "-459.67", "-273.15", "1e3", String(repeating: "9", count: 24)]
        for _ in 0..<Fuzz.rounds(5000) {
            let text = f.chance(0.6) ? f.mutate(f.pick(seeds), edits: 2) : f.string(maxPieces: 4)
            let scale = f.pick(TemperatureScale.allCases)
            let other = scale.others[0]
            var m = TemperatureModel()
            m.setText("keep", for: other)
            m.setText(text, for: scale)
            if m.convert(from: scale) {
                let r = m.reading!
                #expect(r.fahrenheit.isFinite && r.celsius.isFinite, "seed \(f.seed): \(text.debugDescription) → \(r)")
                #expect(Self.isFormatted(m.text(other)), "seed \(f.seed): \(text.debugDescription) shown as \(m.text(other).debugDescription)")
                #expect(Temperature.parse(text) != nil && m.error == nil)
            } else {
                #expect(m.text(other) == "" && m.reading == nil, "seed \(f.seed): a refused value leaves the other fields and the reading cleared")
                #expect(m.error?.scale == scale && !(m.error?.message.isEmpty ?? true), "seed \(f.seed): \(text.debugDescription) refused without a reason")
            }
        }
    }

    /// Every temperature the converter can show (up to `Temperature.largest` and its conversion,
    /// and well beyond) is shown as digits with one decimal and reads back.
    @Test func formattedTemperaturesReadBack() {
        var f = Fuzz("temperature-format")
        for _ in 0..<Fuzz.rounds(5000) {
            let v: Double = switch f.int(0...3) {
            case 0: Double.random(in: -500...500, using: &f)
            case 1: Double.random(in: -8.9e17...8.9e17, using: &f)
            case 2: f.pick([0, -0.0, 0.05, -0.05, 0.04999, 1e15, 9.99e14, 1e12, -459.67, 8.9e17, -8.9e17])
            default: Double(sign: f.chance(0.5) ? .minus : .plus, exponent: f.int(-20...58), significand: Double.random(in: 1..<2, using: &f))
            }
            let s = Temperature.format(v)
            #expect(Self.isFormatted(s), "seed \(f.seed): \(v) shown as \(s.debugDescription)")
            if let back = Temperature.parse(s) {
                #expect(abs(back - v) <= max(0.05 + 1e-9, abs(v) * 1e-12), "seed \(f.seed): \(v) → \(s) → \(back)")
            } else {
                Issue.record("seed \(f.seed): \(v) shown as \(s.debugDescription), which does not read back")
            }
        }
    }
}

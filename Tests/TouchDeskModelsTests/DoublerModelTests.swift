import Testing
import TouchDeskInterface
import TouchDeskModels

/// Doubles a decimal digit string by hand (schoolbook), an oracle independent of BigInt.
func doubledDecimal(_ s: String) -> String {
    var carry = 0
    var out: [Character] = []
    for c in s.reversed() {
        let d = Int(String(c))! * 2 + carry
        out.append(Character(String(d % 10)))
        carry = d / 10
    }
    if carry > 0 { out.append(Character(String(carry))) }
    return String(out.reversed())
}

@Suite("Doubler")
struct DoublerModelTests {
    @Test func startsAtOneAndDoubles() {
        var m = DoublerModel()
        #expect(m.decimal == "1")
        var seen: [String] = []
        for _ in 0..<5 { m.double(); seen.append(m.decimal) }
        #expect(seen == ["2", "4", "8", "16", "32"])
        #expect(m.powerText == "2^5")
    }

    @Test func goesPastTwoToTheSixtyFourWithoutOverflow() {
        var m = DoublerModel()
        for _ in 0..<63 { m.double() }
        #expect(m.decimal == String(UInt64(1) << 63))
        m.double()
        #expect(m.decimal == "18446744073709551616", "2^64 is UInt64.max + 1")
        for _ in 64..<70 { m.double() }
        #expect(m.decimal == "1180591620717411303424")
        #expect(m.digitCount == 22)
    }

    @Test("property: every value up to 2^1000 equals hand doubling")
    func upToTwoToTheThousand() {
        var m = DoublerModel()
        var expected = "1"
        for n in 1...1000 {
            m.double()
            expected = doubledDecimal(expected)
            if m.decimal != expected { Issue.record("2^\(n) is \(m.decimal)"); return }
        }
        #expect(m.digitCount == 302, "2^1000 has 302 digits")
        #expect(m.decimal.hasPrefix("10715086071862673"))
        #expect(m.presses == 1000)
    }

    @Test func resetGoesBackToOne() {
        var m = DoublerModel()
        for _ in 0..<100 { m.double() }
        m.reset()
        #expect(m.decimal == "1")
        #expect(m.presses == 0)
        #expect(m.powerText == "2^0")
    }
}

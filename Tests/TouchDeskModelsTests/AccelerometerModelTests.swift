import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels

@Suite("Accelerometer model")
struct AccelerometerModelTests {
    @Test func minimumAndMaximumFollowTheReadingsAndResetAsTheSeedDid() {
        var m = AccelerometerModel()
        m.record(Vector3(0.5, -0.25, -0.8))
        m.record(Vector3(-0.3, 0.6, -1.2))
        #expect(m.x.minimum == -0.3 && m.x.maximum == 0.5)
        #expect(m.y.minimum == -0.25 && m.y.maximum == 0.6)
        #expect(m.z.minimum == -1.2 && m.z.maximum == 0)
        #expect(abs(m.magnitude.maximum - (0.09 + 0.36 + 1.44).squareRoot()) < 1e-12)
        #expect(m.magnitude.minimum < 1)
        m.reset()
        #expect(m.magnitude == .init(minimum: 1, maximum: 1))
        #expect(m.x == .init(minimum: 0, maximum: 0) && m.z == .init(minimum: 0, maximum: 0))
        #expect(m.current == Vector3(-0.3, 0.6, -1.2), "reset keeps the reading")
    }

    @Test func theHistoryKeepsTheLastTenSecondsInOrder() {
        var m = AccelerometerModel()
        for i in 0..<700 { m.record(Vector3(Double(i), 0, 0)) }
        let h = m.orderedHistory
        #expect(h.count == 600)
        #expect(h.first?.x == 100 && h.last?.x == 699)
        #expect(zip(h, h.dropFirst()).allSatisfy { $0.x + 1 == $1.x })
    }

    @Test func nonFiniteReadingsAreIgnored() {
        var m = AccelerometerModel()
        m.record(Vector3(.nan, 0, 0))
        #expect(m.history.isEmpty && m.current.z == -1)
    }
}

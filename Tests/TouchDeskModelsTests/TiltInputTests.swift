import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels

@Suite("Tilt input: keyboard, mouse, devices")
struct TiltInputTests {
    static let center = Point(200, 150)

    static func key(_ name: String) -> InputEvent { .key(Key(name)) }
    static func keyUp(_ name: String) -> InputEvent { .keyUp(Key(name)) }

    /// Holds `name` for `ticks` ticks and returns the input.
    static func hold(_ name: String, ticks: Int, _ t: inout TiltInput) {
        _ = t.handle(key(name), center: center, radius: 100)
        for _ in 0..<ticks { t.step() }
    }

    @Test func holdingLeftLeansInProportionToTheTimeHeldUpToTheLimit() {
        var t = TiltInput()
        Self.hold("Left", ticks: 6, &t)
        #expect(abs(t.vector.x - (-0.07)) < 1e-9, "a 0.1 s tap nudges: \(t.vector.x)")
        for _ in 0..<24 { t.step() }
        #expect(abs(t.vector.x - (-0.35)) < 1e-9, "half a second: half the limit: \(t.vector.x)")
        for _ in 0..<30 { t.step() }
        #expect(abs(t.vector.x - (-KeyboardTilt.limit)) < 1e-9, "a second: the limit")
        for _ in 0..<60 { t.step() }
        #expect(abs(t.vector.x - (-KeyboardTilt.limit)) < 1e-9, "held longer, it goes no further")
        #expect(t.source == .keyboard)
    }

    @Test func releasingEasesBackSmoothlyToLevelInAboutHalfASecond() {
        var t = TiltInput()
        Self.hold("Up", ticks: 60, &t)
        #expect(abs(t.vector.y - KeyboardTilt.limit) < 1e-9)
        _ = t.handle(Self.keyUp("Up"), center: Self.center, radius: 100)
        var ys = [t.vector.y]
        for _ in 0..<40 { t.step(); ys.append(t.vector.y) }
        #expect(ys[1] > 0.5, "no jump back: \(ys[1])")
        let steps = zip(ys, ys.dropFirst()).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= 0 }, "it only ever goes back towards level")
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.1 <= $0.0 + 1e-12 }, "quick at first, gentle at the end")
        #expect(ys.allSatisfy { $0 >= 0 }, "never past level")
        let levelAt = try! #require(ys.firstIndex(of: 0), "level within 40 ticks: \(ys)")
        #expect((20...36).contains(levelAt), "level after \(levelAt) ticks")
        #expect(t.vector.z == -1, "a level device reads z = −1 g")
    }

    @Test func theOtherArrowTurnsTheLeanAroundWithoutAJump() {
        var t = TiltInput()
        Self.hold("Right", ticks: 60, &t)
        _ = t.handle(Self.keyUp("Right"), center: Self.center, radius: 100)
        _ = t.handle(Self.key("Left"), center: Self.center, radius: 100)
        var xs = [t.vector.x]
        for _ in 0..<120 { t.step(); xs.append(t.vector.x) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0.1 <= $0.0 && $0.0 - $0.1 < 0.09 }, "down smoothly, then on to the left")
        #expect(abs(xs.last! - (-KeyboardTilt.limit)) < 1e-9)
    }

    @Test func wasdTiltsLikeTheArrowsAndSpaceLevelsAtOnce() {
        var t = TiltInput()
        Self.hold("d", ticks: 30, &t)
        #expect(abs(t.vector.x - 0.35) < 1e-9)
        _ = t.handle(Self.keyUp("d"), center: Self.center, radius: 100)
        Self.hold("s", ticks: 10, &t)
        #expect(t.vector.y < 0)
        _ = t.handle(Self.key("space"), center: Self.center, radius: 100)
        #expect(t.keyboard.isLevel, "Space levels at once")
    }

    @Test func zFollowsTheRestingFormulaAndDiagonalsStayWithinOneG() {
        var t = TiltInput()
        _ = t.handle(Self.key("Right"), center: Self.center, radius: 100)
        Self.hold("Up", ticks: 60, &t)
        let v = t.vector
        #expect(abs(v.x * v.x + v.y * v.y + v.z * v.z - 1) < 1e-9, "|a| = 1 g at rest")
        #expect(abs(v.x - v.y) < 1e-9 && v.x > 0.45 && v.x * v.x + v.y * v.y <= KeyboardTilt.limit * KeyboardTilt.limit + 1e-9, "diagonal: both axes lean equally \(v)")
        let r = restingTilt(x: 0.6, y: 0)
        #expect(abs(r.z - (-0.8)) < 1e-12)
    }

    @Test func rightDragTiltsTowardsThePointerAndReleasesToKeys() {
        var t = TiltInput()
        _ = t.handle(.secondaryBegan(Point(250, 150)), center: Self.center, radius: 100)
        #expect(t.source == .mouse)
        #expect(abs(t.vector.x - 0.5) < 1e-9 && abs(t.vector.y) < 1e-9)
        _ = t.handle(.secondaryMoved(Point(200, 100)), center: Self.center, radius: 100)
        #expect(abs(t.vector.y - 0.5) < 1e-9, "pointer above the centre tilts forward (+y)")
        _ = t.handle(.secondaryMoved(Point(900, 150)), center: Self.center, radius: 100)
        #expect(abs(t.vector.x - 1) < 1e-9, "far away is capped at 1 g")
        _ = t.handle(.secondaryEnded(Point(900, 150)), center: Self.center, radius: 100)
        #expect(t.source == .keyboard)
    }

    @Test func aDeviceWinsWhileItReportsAndTheKeyboardOverridesIt() {
        var t = TiltInput()
        _ = t.handle(.tilt(Vector3(0.3, -0.2, -0.93)), center: Self.center, radius: 100)
        t.step()
        #expect(t.source == .device)
        #expect(t.vector == Vector3(0.3, -0.2, -0.93))
        Self.hold("Left", ticks: 3, &t)
        #expect(t.source == .keyboard, "a held key takes over")
        _ = t.handle(Self.keyUp("Left"), center: Self.center, radius: 100)
        for _ in 0..<60 { t.step() }
        #expect(t.source == .keyboard, "a device silent for a second no longer counts")
        let took = t.handle(.tilt(Vector3(.nan, 0, 0)), center: Self.center, radius: 100)
        #expect(!took, "NaN readings are refused")
    }

    // MARK: - Devices

    @Test func iioReadingsAreRawPlusOffsetTimesScaleInG() throws {
        let g = IIOAccelerometer.reading(raw: ["1000\n", "-500", "0"], scale: ["0.0098066500", "0.00980665", "0.00980665"], offset: [nil, "0", "1000"])
        let v = try g.get()
        #expect(abs(v.x - 1.0) < 1e-9 && abs(v.y - (-0.5)) < 1e-9 && abs(v.z - 1.0) < 1e-9)
    }

    @Test func aMountMatrixTurnsTheChipsAxesIntoTheDevicesAndGarbageIsRefused() throws {
        // A chip mounted a quarter turn round: its x is the device's y, its y the device's −x.
        let m = try #require(IIOAccelerometer.mountMatrix("0, -1, 0; 1, 0, 0; 0, 0, 1\n"))
        let v = IIOAccelerometer.apply(m, to: Vector3(0.5, 0.2, -0.8))
        #expect(abs(v.x - (-0.2)) < 1e-12 && abs(v.y - 0.5) < 1e-12 && abs(v.z - (-0.8)) < 1e-12)
        #expect(IIOAccelerometer.mountMatrix("1, 0, 0; 0, 1, 0") == nil)
        #expect(IIOAccelerometer.mountMatrix("1, 0, x; 0, 1, 0; 0, 0, 1") == nil)
        #expect(IIOAccelerometer.mountMatrix("1, 0, 0, 0; 0, 1, 0; 0, 0, 1") == nil)
    }

    @Test(arguments: ["", "abc", "nan", "inf", "12abc"])
    func iioGarbageIsRefusedWithTheAxisNamed(raw: String) {
        let r = IIOAccelerometer.reading(raw: ["0", raw, "0"], scale: ["0.01", "0.01", "0.01"], offset: [nil, nil, nil])
        guard case .failure(let e) = r else { Issue.record("\(raw) was accepted"); return }
        #expect(e.description.contains("in_accel_y"))
    }

    @Test func joystickAxesBecomeATiltAndInitEventsCount() {
        var j = JoystickTilt()
        // time(4) value(2, LE) type number: axis 0 full right (as an init event), axis 1 half up.
        let right: [UInt8] = [0, 0, 0, 0, 0xff, 0x7f, 0x82, 0]
        let halfUp: [UInt8] = [1, 0, 0, 0] + withUnsafeBytes(of: Int16(-16384).littleEndian, Array.init) + [0x02, 1]
        let button: [UInt8] = [2, 0, 0, 0, 1, 0, 0x01, 0]
        let moved = j.apply(right + halfUp + button + [9, 9])
        #expect(moved, "axes moved; a partial trailing event is ignored")
        #expect(abs(j.stickX - 1) < 1e-9)
        #expect(j.stickY < 0 && j.tilt.y > 0, "stick pushed up tilts forward")
        let pressed = j.apply(button)
        #expect(!pressed, "buttons do not tilt")
    }
}

@Suite("IIO readings after the mount matrix")
struct IIOMountMatrixTests {
    @Test(arguments: [1e30, 1e20, 1e3])
    func hugeMatricesAreRefusedAfterBeingApplied(k: Double) {
        let m = [[k, 0, 0], [0, k, 0], [0, 0, k]]
        let r = IIOAccelerometer.tilt(raw: ["100", "100", "-1000"], scale: ["0.00980665", "0.00980665", "0.00980665"],
                                      offset: [nil, nil, nil], mount: m)
        guard case .failure(let e) = r else { Issue.record("accepted \(r)"); return }
        #expect(e.description.contains("after the mount matrix"))
    }

    @Test func anOrdinaryRotationPasses() throws {
        let m = [[0.0, -1, 0], [1, 0, 0], [0, 0, 1]]
        let v = try IIOAccelerometer.tilt(raw: ["500", "250", "-829"], scale: ["0.00980665", "0.00980665", "0.00980665"],
                                          offset: [nil, nil, nil], mount: m).get()
        #expect(abs(v.x + 0.25) < 1e-9 && abs(v.y - 0.5) < 1e-9 && abs(v.z + 0.829) < 1e-9)
    }

    @Test func notFiniteReadingsAreRefused() {
        for v in [Vector3(.nan, 0, 0), Vector3(0, .infinity, 0), Vector3(0, 0, -17)] {
            guard case .failure = IIOAccelerometer.checked(v) else { Issue.record("accepted \(v)"); continue }
        }
    }
}

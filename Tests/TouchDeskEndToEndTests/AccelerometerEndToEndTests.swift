import Foundation
import Testing
import TouchDeskTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Accelerometer in a real window, fed by a fake IIO device under TOUCHDESK_IIO_ROOT.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct AccelerometerEndToEndTests {
    static func isGrid(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0x3a6ff7), tolerance: 10) }
    static func isBall(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0xffee00), tolerance: 30) }

    /// A fake sysfs tree: iio:device0 named accel_3d with raw values and one shared scale.
    static func fakeDevice(in session: XSession, x: Int, y: Int, z: Int) throws -> URL {
        let root = session.root.appendingPathComponent("iio")
        let dev = root.appendingPathComponent("iio:device0")
        try FileManager.default.createDirectory(at: dev, withIntermediateDirectories: true)
        // scale 0.00980665 m/s² per unit: 1000 units = 1 g.
        for (file, value) in [("name", "accel_3d"), ("in_accel_scale", "0.00980665"),
                              ("in_accel_x_raw", "\(x)"), ("in_accel_y_raw", "\(y)"), ("in_accel_z_raw", "\(z)")] {
            try (value + "\n").write(to: dev.appendingPathComponent(file), atomically: false, encoding: .utf8)
        }
        return root
    }

    @Test("Accelerometer: a fake IIO device reading (0.5 g, 0.25 g) puts the ball at centre + ONEGEE·(ax, −ay); garbage drops it with one warning")
    func fakeDeviceTiltsTheBall() async throws {
        let session = try await XSession(name: "accelerometer-iio")
        defer { session.close() }
        let root = try Self.fakeDevice(in: session, x: 500, y: 250, z: -829)
        session.extraEnvironment["TOUCHDESK_IIO_ROOT"] = root.path
        let app = try await session.launch(["accelerometer", "--size", "800x600"])

        func gridAndBall(_ img: PixelImage) -> (grid: (x: Int, y: Int, width: Int, height: Int, pixels: Int), ball: (x: Double, y: Double))? {
            guard let grid = img.regions(where: Self.isGrid, minimumPixels: 500).first,
                  let ball = img.centroid(where: Self.isBall) else { return nil }
            // The blue regions are cut by the black lines: the grid is the box of all blue pixels.
            let blue = img.points(where: Self.isGrid)
            let minX = blue.map(\.x).min()!, maxX = blue.map(\.x).max()!, minY = blue.map(\.y).min()!, maxY = blue.map(\.y).max()!
            _ = grid
            return ((minX, minY, maxX - minX + 1, maxY - minY + 1, blue.count), ball)
        }
        func expected(_ g: (x: Int, y: Int, width: Int, height: Int, pixels: Int), ax: Double, ay: Double) -> (x: Double, y: Double) {
            let cx = Double(g.x) + Double(g.width) / 2, cy = Double(g.y) + Double(g.height) / 2
            let oneGee = 0.666 * Double(g.width) / 2
            return (cx + oneGee * ax, cy - oneGee * ay)
        }
        func near(_ img: PixelImage, ax: Double, ay: Double) -> Bool {
            guard let gb = gridAndBall(img) else { return false }
            let e = expected(gb.grid, ax: ax, ay: ay)
            return hypot(gb.ball.x - e.x, gb.ball.y - e.y) < 3
        }

        let tilted = try await app.screenshot("tilted") { near($0, ax: 0.5, ay: 0.25) }
        let gb = try #require(gridAndBall(tilted), "no grid or ball in \(tilted.path)")
        let e = expected(gb.grid, ax: 0.5, ay: 0.25)
        #expect(abs(Double(gb.grid.width) - Double(gb.grid.height)) <= 2, "the grid is not square: \(gb.grid) in \(tilted.path)")
        #expect(hypot(gb.ball.x - e.x, gb.ball.y - e.y) < 3, "ball at \(gb.ball), expected \(e) (right and up of centre) in \(tilted.path)")

        // The device starts returning garbage: dropped with one warning, and the ball goes back to
        // level (the keyboard's tilt) at the centre.
        try "not a number\n".write(to: root.appendingPathComponent("iio:device0/in_accel_x_raw"), atomically: false, encoding: .utf8)
        let level = try await app.screenshot("garbage-dropped") { near($0, ax: 0, ay: 0) }
        #expect(near(level, ax: 0, ay: 0), "the ball did not return to the centre after the device failed, in \(level.path)")
        let log = app.log
        #expect(log.components(separatedBy: "dropped").count - 1 == 1, "expected exactly one warning, log: \(log)")
        #expect(log.contains("in_accel_x"), "the warning does not say what was wrong: \(log)")

        // Keyboard tilt still works: Right held leans to the keys' limit, 0.7 g, right (in about a
        // second; held here until it shows, however slow the machine).
        _ = await session.run("xdotool", ["keydown", "Right"])
        let keys = try await app.screenshot("keys-right", timeout: 20) { near($0, ax: 0.7, ay: 0) }
        _ = await session.run("xdotool", ["keyup", "Right"])
        #expect(near(keys, ax: 0.7, ay: 0), "holding Right did not tilt the ball to 0.7 g right in \(keys.path)")
    }

    @Test("Accelerometer: a joystick (a raw pseudo-terminal standing in for /dev/input/js0) pushed full right tilts the ball 1 g right")
    func joystickTiltsTheBall() async throws {
        let session = try await XSession(name: "accelerometer-joystick")
        defer { session.close() }
        let iio = session.root.appendingPathComponent("no-iio")
        try FileManager.default.createDirectory(at: iio, withIntermediateDirectories: true)
        // A joystick must be a character device: a pseudo-terminal in raw mode stands in for it.
        // What we write to its master side, the app reads from the slave side.
        let fd = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(fd >= 0)
        defer { close(fd) }
        // unlockpt and ptsname, as the ioctls they are on Linux (TIOCSPTLCK, TIOCGPTN).
        var unlock: Int32 = 0, number: UInt32 = 0
        #expect(ioctl(fd, 0x4004_5431, &unlock) == 0 && ioctl(fd, 0x8004_5430, &number) == 0)
        let js = "/dev/pts/\(number)"
        let slave = open(js, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        defer { close(slave) }
        var raw = termios()
        tcgetattr(slave, &raw)
        cfmakeraw(&raw)
        tcsetattr(slave, TCSANOW, &raw)
        session.extraEnvironment["TOUCHDESK_IIO_ROOT"] = iio.path
        session.extraEnvironment["TOUCHDESK_JOYSTICK"] = js
        let app = try await session.launch(["accelerometer", "--size", "800x600"])

        // struct js_event: u32 time, s16 value, u8 type (JS_EVENT_AXIS), u8 axis number.
        var event: [UInt8] = [1, 0, 0, 0, 0xff, 0x7f, 0x02, 0]
        #expect(write(fd, &event, event.count) == 8)
        let shot = try await app.screenshot("joystick-right") { img in
            guard let ball = img.centroid(where: Self.isBall) else { return false }
            let blue = img.points(where: Self.isGrid)
            guard let minX = blue.map(\.x).min(), let maxX = blue.map(\.x).max() else { return false }
            let cx = Double(minX + maxX + 1) / 2
            return abs(ball.x - (cx + 0.666 * Double(maxX - minX + 1) / 2)) < 3
        }
        let blue = shot.points(where: Self.isGrid)
        let minX = try #require(blue.map(\.x).min()), maxX = try #require(blue.map(\.x).max())
        let minY = try #require(blue.map(\.y).min()), maxY = try #require(blue.map(\.y).max())
        let ball = try #require(shot.centroid(where: Self.isBall), "no ball in \(shot.path)")
        let c = (x: Double(minX + maxX + 1) / 2, y: Double(minY + maxY + 1) / 2)
        let oneGee = 0.666 * Double(maxX - minX + 1) / 2
        #expect(abs(ball.x - (c.x + oneGee)) < 3 && abs(ball.y - c.y) < 3, "ball at \(ball), expected (\(c.x + oneGee), \(c.y)) in \(shot.path)")
    }
}

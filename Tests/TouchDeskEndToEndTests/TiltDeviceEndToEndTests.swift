import Foundation
import Glibc
import Testing
import TouchDeskTestSupport

/// Hostile tilt devices: a "joystick" that never stops sending (/dev/zero, /dev/urandom), one
/// that is a plain file, an accelerometer attribute that is a FIFO, and a mount matrix that turns
/// readings into infinity. The window opens, answers Ctrl+Q at once, and says once what it dropped.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TiltDeviceEndToEndTests {
    /// Launches `app`, lets it run a moment (so a tick reads the device), quits with Ctrl+Q and
    /// returns the log; the quit must come promptly.
    static func runAndQuit(_ session: XSession, _ app: String) async throws -> String {
        let a = try await session.launch([app, "--size", "640x480"])
        // Hold a tilt key for a moment so the app animates and polls its devices each tick.
        try await a.key("Left")
        await hold(for: 0.5)
        try await a.key("ctrl+q")
        let status = await a.process.wait(timeout: 10)
        #expect(status == .exited(0), "Ctrl+Q answered: \(String(describing: status)); \(a.log)")
        return a.log
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func aFloodingJoystickIsDroppedAndTheWindowAnswers(device: String) async throws {
        let session = try await XSession(name: "joystick-flood-\(device.split(separator: "/").last!)")
        defer { session.close() }
        session.extraEnvironment["TOUCHDESK_IIO_ROOT"] = session.root.appendingPathComponent("none").path
        session.extraEnvironment["TOUCHDESK_JOYSTICK"] = device
        let log = try await Self.runAndQuit(session, "accelerometer")
        #expect(log.contains("joystick \(device) dropped"), "\(log)")
        #expect(log.components(separatedBy: "dropped").count - 1 == 1, "one warning: \(log)")
    }

    @Test func aPlainFileIsNotAJoystick() async throws {
        let session = try await XSession(name: "joystick-file")
        defer { session.close() }
        let file = session.root.appendingPathComponent("js0")
        try Data(repeating: 0, count: 64).write(to: file)
        session.extraEnvironment["TOUCHDESK_IIO_ROOT"] = session.root.appendingPathComponent("none").path
        session.extraEnvironment["TOUCHDESK_JOYSTICK"] = file.path
        let log = try await Self.runAndQuit(session, "holes")
        #expect(log.contains("not a character device"), "\(log)")
    }

    @Test func aFIFOAsAnAccelerometerAttributeIsRefusedWithoutBlocking() async throws {
        let session = try await XSession(name: "iio-fifo")
        defer { session.close() }
        let root = try AccelerometerEndToEndTests.fakeDevice(in: session, x: 0, y: 0, z: -1000)
        let raw = root.appendingPathComponent("iio:device0/in_accel_x_raw").path
        unlink(raw)
        #expect(mkfifo(raw, 0o600) == 0)
        session.extraEnvironment["TOUCHDESK_IIO_ROOT"] = root.path
        // The window appears at all: a blocking open() would hang before it.
        let log = try await Self.runAndQuit(session, "accelerometer")
        #expect(log.contains("accelerometer iio:device0 ignored") && log.contains("FIFO"), "\(log)")
    }

    @Test func aMountMatrixOfInfinitiesDropsTheDeviceAndMazeGoesOn() async throws {
        let session = try await XSession(name: "iio-matrix")
        defer { session.close() }
        let root = try AccelerometerEndToEndTests.fakeDevice(in: session, x: 100, y: 100, z: -1000)
        try "1e30, 0, 0; 0, 1e30, 0; 0, 0, 1e30\n".write(to: root.appendingPathComponent("iio:device0/in_accel_mount_matrix"),
                                                         atomically: false, encoding: .utf8)
        session.extraEnvironment["TOUCHDESK_IIO_ROOT"] = root.path
        let log = try await Self.runAndQuit(session, "maze")
        #expect(log.contains("accelerometer iio:device0 dropped") && log.contains("after the mount matrix"), "\(log)")
    }
}

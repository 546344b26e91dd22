import Foundation
import Glibc
import TouchDeskInterface
import TouchDeskModels

/// The real tilt sources of the machine, read by the host once per frame while an app animates:
/// a Linux IIO accelerometer and a joystick. A source that disappears or returns garbage is dropped
/// with one warning on stderr; keyboard and mouse tilt need no source and always work.
final class TiltSources {
    private var accelerometer: IIOReader?
    private var joystick: JoystickReader?

    /// Looks for an accelerometer under `TOUCHDESK_IIO_ROOT` (default /sys/bus/iio/devices) and a
    /// joystick at `TOUCHDESK_JOYSTICK` (default /dev/input/js0).
    init(environment env: [String: String] = ProcessInfo.processInfo.environment) {
        let root = env["TOUCHDESK_IIO_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? "/sys/bus/iio/devices"
        accelerometer = IIOReader.find(under: root)
        let js = env["TOUCHDESK_JOYSTICK"].flatMap { $0.isEmpty ? nil : $0 } ?? "/dev/input/js0"
        joystick = JoystickReader(path: js)
    }

    /// The current tilt from the first working source, or nil when there is none.
    func poll() -> Vector3? {
        if let a = accelerometer {
            switch a.read() {
            case .success(let v): return v
            case .failure(let e):
                warn("accelerometer \(a.name) dropped: \(e); keyboard tilt goes on")
                accelerometer = nil
            }
        }
        if let j = joystick {
            switch j.read() {
            case .success(let v?): return v
            case .success(nil): break
            case .failure(let e):
                warn("joystick \(j.path) dropped: \(e); keyboard tilt goes on")
                joystick = nil
            }
        }
        return nil
    }

    private func warn(_ s: String) {
        FileHandle.standardError.write(Data("touchdesk: \(s)\n".utf8))
    }
}

struct SourceError: Error, CustomStringConvertible {
    let description: String
}

/// One IIO accelerometer: the three raw files stay open and are re-read with pread each frame, as
/// sysfs wants; scale and offset are read once.
final class IIOReader {
    let name: String
    private let fds: [Int32]
    private let scale: [String]
    private let offset: [String?]
    /// The chip-to-device rotation, when the driver gives one.
    private let mount: [[Double]]?

    /// The first `iio:deviceN` under `root` with in_accel_{x,y,z}_raw, or nil.
    static func find(under root: String) -> IIOReader? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: root) else { return nil }
        for e in entries.sorted() where e.hasPrefix("iio:device") {
            let dir = root + "/" + e
            guard FileManager.default.fileExists(atPath: dir + "/in_accel_x_raw") else { continue }
            return IIOReader(dir: dir, name: e)
        }
        return nil
    }

    private init?(dir: String, name: String) {
        func text(_ file: String) -> String? { try? String(contentsOfFile: dir + "/" + file, encoding: .utf8) }
        var fds: [Int32] = []
        var scale: [String] = []
        var offset: [String?] = []
        for axis in ["x", "y", "z"] {
            let fd = open(dir + "/in_accel_\(axis)_raw", O_RDONLY)
            guard fd >= 0 else {
                FileHandle.standardError.write(Data("touchdesk: accelerometer \(name) ignored: cannot open in_accel_\(axis)_raw\n".utf8))
                fds.forEach { close($0) }
                return nil
            }
            fds.append(fd)
            scale.append(text("in_accel_\(axis)_scale") ?? text("in_accel_scale") ?? "")
            offset.append(text("in_accel_\(axis)_offset") ?? text("in_accel_offset"))
        }
        var mount: [[Double]]?
        if let text = text("in_accel_mount_matrix") ?? text("mount_matrix") {
            guard let m = IIOAccelerometer.mountMatrix(text) else {
                FileHandle.standardError.write(Data("touchdesk: accelerometer \(name) ignored: its mount matrix is not nine numbers\n".utf8))
                fds.forEach { close($0) }
                return nil
            }
            mount = m
        }
        self.fds = fds; self.scale = scale; self.offset = offset; self.name = name; self.mount = mount
    }

    deinit { fds.forEach { close($0) } }

    func read() -> Result<Vector3, SourceError> {
        var raw: [String] = []
        for (i, fd) in fds.enumerated() {
            var buf = [UInt8](repeating: 0, count: 64)
            let n = pread(fd, &buf, buf.count, 0)
            guard n >= 0 else { return .failure(SourceError(description: "cannot read in_accel_\(["x", "y", "z"][i])_raw: \(String(cString: strerror(errno)))")) }
            raw.append(String(decoding: buf.prefix(n), as: UTF8.self))
        }
        return IIOAccelerometer.reading(raw: raw, scale: scale, offset: offset)
            .map { v in mount.map { IIOAccelerometer.apply($0, to: v) } ?? v }
            .mapError { SourceError(description: $0.description) }
    }
}

/// A joystick through the Linux joystick API, opened non-blocking and drained each frame.
final class JoystickReader {
    let path: String
    private let fd: Int32
    private var state = JoystickTilt()
    private var moved = false

    init?(path: String) {
        self.path = path
        fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else {
            // No joystick is the normal case; one that exists but cannot be opened is worth a word.
            if errno != ENOENT {
                FileHandle.standardError.write(Data("touchdesk: joystick \(path) ignored: \(String(cString: strerror(errno)))\n".utf8))
            }
            return nil
        }
    }

    deinit { close(fd) }

    /// The stick's tilt once it has moved (nil before: a joystick left alone does not take over
    /// from the keyboard); a failure only when the device is gone.
    func read() -> Result<Vector3?, SourceError> {
        var buf = [UInt8](repeating: 0, count: JoystickTilt.eventSize * 64)
        while true {
            let n = Glibc.read(fd, &buf, buf.count)
            if n > 0 {
                if state.apply(Array(buf.prefix(n))) { moved = true }
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            return .failure(SourceError(description: n == 0 ? "the device closed" : String(cString: strerror(errno))))
        }
        return .success(moved ? state.tilt : nil)
    }
}

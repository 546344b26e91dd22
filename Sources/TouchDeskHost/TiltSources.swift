import Foundation
import Glibc
import TouchDeskFiles
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

    /// The joystick's file descriptor, for the loop's poll set: joystick input wakes an idle window.
    var joystickFD: Int32? { joystick?.fd }

    /// The current tilt from the first working source, or nil when there is none.
    func poll() -> Vector3? {
        // The joystick is always drained (bounded), so its descriptor never stays readable.
        var stick: Vector3?
        if let j = joystick {
            switch j.read() {
            case .success(let v): stick = v
            case .failure(let e):
                warn(tr("joystick {0} dropped: {1}; keyboard tilt goes on", "\(j.path)", "\(e)"))
                joystick = nil
            }
        }
        if let a = accelerometer {
            switch a.read() {
            case .success(let v): return v
            case .failure(let e):
                warn(tr("accelerometer {0} dropped: {1}; keyboard tilt goes on", "\(a.name)", "\(e)"))
                accelerometer = nil
            }
        }
        return stick
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
        // Never blocks (a FIFO planted as an attribute is refused, not waited on) and reads little.
        func text(_ file: String) -> String? {
            (try? SafeFile.readPrefix(dir + "/" + file, maxBytes: 256)).map { String(decoding: $0, as: UTF8.self) }
        }
        var fds: [Int32] = []
        var scale: [String] = []
        var offset: [String?] = []
        for axis in ["x", "y", "z"] {
            let fd = open(dir + "/in_accel_\(axis)_raw", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            var st = stat()
            guard fd >= 0, fstat(fd, &st) == 0, SafeFile.nonRegularKind(st) == nil else {
                let why = fd < 0 ? FileError.reason(errno) : SafeFile.nonRegularKind(st) ?? tr("unreadable")
                warn(tr("accelerometer {0} ignored: in_accel_{1}_raw: {2}", name, axis, why))
                if fd >= 0 { close(fd) }
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
                warn(tr("accelerometer {0} ignored: its mount matrix is not nine numbers", name))
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
        return IIOAccelerometer.tilt(raw: raw, scale: scale, offset: offset, mount: mount)
            .mapError { SourceError(description: $0.description) }
    }
}

/// A joystick through the Linux joystick API, opened non-blocking; its descriptor sits in the
/// loop's poll set and is read a bounded amount at a time.
final class JoystickReader {
    let path: String
    let fd: Int32
    /// Reads per call: a real stick sends a few events a frame; a device that still has data after
    /// this many full buffers (e.g. /dev/zero) floods, and is dropped.
    static let maxReads = 4
    private var state = JoystickTilt()
    private var moved = false

    init?(path: String) {
        self.path = path
        fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            // No joystick is the normal case; one that exists but cannot be opened is worth a word.
            if errno != ENOENT {
                warn(tr("joystick {0} ignored: {1}", path, "\(FileError.reason(errno))"))
            }
            return nil
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFCHR else {
            warn(tr("joystick {0} ignored: it is not a character device", path))
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// The stick's tilt once it has moved (nil before: a joystick left alone does not take over
    /// from the keyboard); a failure only when the device is gone.
    func read() -> Result<Vector3?, SourceError> {
        var buf = [UInt8](repeating: 0, count: JoystickTilt.eventSize * 64)
        for _ in 0..<Self.maxReads {
            let n = Glibc.read(fd, &buf, buf.count)
            if n > 0 {
                if state.apply(Array(buf.prefix(n))) { moved = true }
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .success(moved ? state.tilt : nil) }
            return .failure(SourceError(description: n == 0 ? "the device closed" : FileError.reason(errno)))
        }
        return .failure(SourceError(description: "it sends more events than any joystick (\(Self.maxReads * 64) in one frame)"))
    }
}

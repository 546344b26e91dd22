import Foundation
import Testing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskTestSupport
@testable import AppHoles
@testable import AppSeaLevel
@testable import TouchDeskToolkit

/// Random and mutated state files and command-line values: each is read as a clean value in
/// range or refused with a message, and a refused file is kept byte for byte under a new name.
@Suite("Fuzz: state files and command-line values")
struct StateFileFuzzTests {
    /// JSON close to what the program writes, then damaged: numbers out of range, wrong types,
    /// cut short, random bytes.
    static func stateJSON(_ f: inout Fuzz, keys: [String]) -> [UInt8] {
        let values = ["0", "1", "-1", "900", "640", "16384", "16385", "1e308", "-1e308", "1.5", "null", "\"900\"", "[]", "{}", "true",
                      "9223372036854775807", "9223372036854775808", "1e999", "0.0000001"]
        let fields = keys.map { "\"\($0)\": \(f.pick(values))" }
        let json = Array(("{" + fields.joined(separator: f.pick([", ", ",\n  "])) + "}").utf8)
        switch f.int(0...3) {
        case 0: return json
        case 1: return f.mutate(bytes: json, edits: 3)
        case 2: return Array(f.mutate(String(decoding: json, as: UTF8.self), edits: 2).utf8)
        default: return f.bytes(f.int(0...64))
        }
    }

    /// Writes `bytes` as `name` in a fresh folder, loads it as `T`, and checks what `DataFile`
    /// promises: loaded and left alone, or set aside with every byte kept and a message.
    static func loadChecked<T: Decodable>(_ type: T.Type, name: String, bytes: [UInt8], seed: UInt64) -> T? {
        let dir = TemporaryDirectory(prefix: "touchdesk-fuzz-state")
        let path = dir.appending(name)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let result = DataFile.load(type, name: name, in: dir.path)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        switch result {
        case .loaded(let value):
            #expect(FileManager.default.contents(atPath: path) == Data(bytes), "seed \(seed): a loaded file was changed")
            return value
        case .setAside(let message):
            #expect(!files.contains(name), "seed \(seed): the damaged file is still in place")
            let aside = files.filter { $0.hasPrefix(name + ".corrupt") }
            #expect(aside.count == 1, "seed \(seed): \(files)")
            if let a = aside.first {
                #expect(FileManager.default.contents(atPath: dir.appending(a)) == Data(bytes), "seed \(seed): bytes lost setting aside")
                #expect(message.contains(a), "seed \(seed): the message names \(a): \(message)")
            }
        case .missing:
            Issue.record("seed \(seed): a file that is there was called missing")
        }
        return nil
    }

    @Test func windowStateFilesGiveASizeInRangeOrAreSetAside() {
        var f = Fuzz("window.json")
        var sizes = 0
        for _ in 0..<Fuzz.rounds(300) {
            let bytes = Self.stateJSON(&f, keys: f.chance(0.9) ? ["width", "height"] : ["width"])
            guard let state = Self.loadChecked(WindowState.self, name: "window.json", bytes: bytes, seed: f.seed) else { continue }
            // A size no window can have is set aside like any damaged file, never loaded and then overwritten.
            if let s = state.size {
                sizes += 1
                #expect(s.width >= 1 && s.width <= 16384 && s.height >= 1 && s.height <= 16384, "seed \(f.seed): \(s)")
            } else {
                Issue.record("seed \(f.seed): \(state) was loaded, not set aside")
            }
        }
        #expect(sizes > 0, "seed \(f.seed): the inputs reach usable sizes (\(sizes))")
        // A saved size reads back as it was.
        let dir = TemporaryDirectory(prefix: "touchdesk-fuzz-state")
        for _ in 0..<5 {
            let size = Size(Double(f.int(1...16384)), Double(f.int(1...16384)))
            WindowState(size: size).save(to: dir.path)
            #expect(WindowState.load(from: dir.path)?.size == size, "seed \(f.seed)")
        }
    }

    @Test("A window.json of a size no window can have is set aside as window.json.corrupt, with a message")
    func windowStateOutOfRangeIsSetAside() {
        for json in [#"{"width": 0, "height": 640}"#, #"{"width": 900, "height": 1e308}"#, #"{"width": -3, "height": -3}"#] {
            #expect(Self.loadChecked(WindowState.self, name: "window.json", bytes: Array(json.utf8), seed: 0) == nil, "\(json) was loaded")
        }
    }

    @Test func holesBestScoresAreNeverNegativeOrLost() {
        var f = Fuzz("holes.json")
        for _ in 0..<Fuzz.rounds(150) {
            let bytes = Self.stateJSON(&f, keys: ["best"])
            let sandbox = Sandbox()
            let dir = sandbox.environment.dataDirectory
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: dir + "/" + HolesApp.fileName, contents: Data(bytes)))
            let app = HolesApp(environment: sandbox.environment)
            let decoded = try? JSONDecoder().decode(HolesApp.Saved.self, from: Data(bytes))
            #expect(app.model.best == max(0, decoded?.best ?? 0), "seed \(f.seed): \(String(decoding: bytes, as: UTF8.self)) → best \(app.model.best)")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            let kept = files.compactMap { FileManager.default.contents(atPath: dir + "/" + $0) }
            #expect(kept.contains(Data(bytes)), "seed \(f.seed): the file's bytes are gone: \(files)")
        }
    }

    @Test func sizesOnTheCommandLineAreInRangeAndRoundTrip() {
        var f = Fuzz("--size")
        var parsed = 0
        for _ in 0..<Fuzz.rounds(5000) {
            let valid = "\(f.int(-5...20000))\(f.pick(["x", "X"]))\(f.int(-5...20000))"
            let text = f.chance(0.3) ? valid : f.chance(0.6) ? f.mutate(valid, edits: 2) : f.string(maxPieces: 4)
            guard let s = WindowState.parseSize(text) else { continue }
            parsed += 1
            #expect((1...16384).contains(s.width) && (1...16384).contains(s.height) && s.width == s.width.rounded() && s.height == s.height.rounded(),
                    "seed \(f.seed): \(text.debugDescription) → \(s)")
            #expect(WindowState.parseSize("\(Int(s.width))x\(Int(s.height))") == s, "seed \(f.seed)")
        }
        #expect(parsed > 500, "seed \(f.seed): \(parsed) sizes parsed")
        for bad in ["", "x", "800", "800x", "x600", "0x600", "800x0", "16385x10", "800x600x2", "800×600", "8e2x600", "800 x 600", "-800x600"] {
            #expect(WindowState.parseSize(bad) == nil, "\(bad.debugDescription) accepted")
        }
    }

    @Test func seaLevelOptionsAreInRangeOrSayWhatIsWanted() {
        var f = Fuzz("globe-options")
        for _ in 0..<Fuzz.rounds(3000) {
            let look = f.chance(0.3) ? nil : f.chance(0.5) ? f.mutate("52.3,5.7", edits: 2) : f.string(maxPieces: 4)
            let zoom = f.chance(0.3) ? nil : f.chance(0.5) ? f.mutate("12", edits: 1) : f.string(maxPieces: 2)
            let sea = f.chance(0.3) ? nil : f.chance(0.5) ? f.mutate("-120m", edits: 1) : f.string(maxPieces: 2)
            do {
                let o = try GlobeApp.startOptions(lookAt: look, zoom: zoom, seaLevel: sea)
                if let p = o.lookAt {
                    #expect(p.latitude.isFinite && abs(p.latitude) <= 90 && p.longitude.isFinite && abs(p.longitude) <= 180, "seed \(f.seed): \(look ?? "")")
                }
                if let z = o.zoom { #expect(z >= GlobeView.minimumZoom && z <= GlobeView.maximumZoom, "seed \(f.seed): \(z)") }
                if let m = o.seaLevel { #expect(SeaLevel.metresRange.contains(m), "seed \(f.seed): \(m)") }
                #expect((o.lookAt != nil) == (look != nil) && (o.zoom != nil) == (zoom != nil) && (o.seaLevel != nil) == (sea != nil), "seed \(f.seed)")
            } catch {
                #expect(error.description.hasPrefix("--"), "seed \(f.seed): the message names the option: \(error)")
            }
        }
    }

    @Test func userDirsFilesOfAnyKindGiveAnAbsoluteFolderOrNone() throws {
        var f = Fuzz("user-dirs.dirs")
        let good = "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n"
        let dir = TemporaryDirectory(prefix: "touchdesk-fuzz-userdirs")
        for _ in 0..<Fuzz.rounds(300) {
            let bytes = f.chance(0.7) ? Array(f.mutate(good, edits: 3).utf8) : f.mutate(bytes: Array(good.utf8), edits: 8)
            #expect(FileManager.default.createFile(atPath: dir.appending("user-dirs.dirs"), contents: Data(bytes)))
            if let p = AppEnvironment.userDirsPictures(configHome: dir.path, home: "/home/u") {
                #expect(p.hasPrefix("/"), "seed \(f.seed): \(p)")
                #expect(!p.contains("$HOME"), "seed \(f.seed): \(p)")
            }
        }
        // A FIFO in its place is refused at once, not waited on (nothing ever writes to it).
        unlink(dir.appending("user-dirs.dirs"))
        #expect(mkfifo(dir.appending("user-dirs.dirs"), 0o600) == 0)
        let start = Date()
        #expect(AppEnvironment.userDirsPictures(configHome: dir.path, home: "/home/u") == nil)
        // A hang guard, not a speed: an open that waited for a writer would never return; the
        // bound is far above any load.
        #expect(Date().timeIntervalSince(start) < 60)
        // And a file too large to be a list of folders is not read.
        unlink(dir.appending("user-dirs.dirs"))
        #expect(FileManager.default.createFile(atPath: dir.appending("user-dirs.dirs"), contents: Data(repeating: 0x41, count: 1 << 20)))
        #expect(AppEnvironment.userDirsPictures(configHome: dir.path, home: "/home/u") == nil)
    }
}

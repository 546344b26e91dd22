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

        // MARK: - Layers

        /// State and rules of every mini-app: pure Swift, no X11, no Cairo, no clock.
        .target(name: "TouchDeskModels", dependencies: [.product(name: "BigInt", package: "BigInt")]),
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

        // MARK: - Tests

        .target(name: "TouchDeskTestSupport", dependencies: ["CX11Cairo"], path: "Tests/TouchDeskTestSupport"),
        .testTarget(name: "TouchDeskModelsTests", dependencies: ["TouchDeskModels"]),
        .testTarget(name: "TouchDeskViewsTests", dependencies: ["TouchDeskViews", "TouchDeskModels", "TouchDeskTestSupport", "CX11Cairo"]),
        .testTarget(
            name: "TouchDeskEndToEndTests",
            dependencies: ["TouchDeskTestSupport", "CX11Cairo", "touchdesk"]
        ),
    ],
    swiftLanguageModes: [.v5]
)

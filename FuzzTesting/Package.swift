// swift-tools-version:5.4
// The libFuzzer targets as a package of their own beside TouchDesk, which they reach by path (the
// shape of swift-protobuf's FuzzTesting/): `scripts/fuzz` builds it with -sanitize=fuzzer,address
// and runs its executables; TouchDesk's own build never sees it.
//
// Targets/ is a link to ../Fuzz/Targets, where the sources stay: the root's seed replay
// (TouchDeskFuzzSeedTests, path Fuzz) compiles the same files, and SwiftPM takes no target path
// outside a package's folder. This package cannot live in Fuzz/ itself: the root's test target
// would then find its Package.swift and Package.resolved among its files ("unhandled"), and an
// exclude of Package.resolved warns wherever no fuzz build has written one.
//
// Tools version 5.4, not the root's 6.2: from 5.5 on SwiftPM renames an executable's `main` to
// `<module>_main` so tests can link it, and points `main` at that symbol when it links; a target
// built with -parse-as-library has no such function (libFuzzer brings `main`), so the link fails.
// 5.x also compiles the targets in Swift 5 mode, as the seed replay (TouchDeskFuzzSeedTests) does.
import PackageDescription

/// One executable per file in Targets/, named `fuzz-<file>`, on the TouchDesk modules it imports.
func fuzzTarget(_ name: String, _ modules: [String]) -> Target {
    .executableTarget(name: "fuzz-\(name)", dependencies: modules.map { .product(name: $0, package: "TouchDesk") },
                      path: "Targets", sources: ["\(name).swift"])
}

let package = Package(
    name: "TouchDeskFuzz",
    dependencies: [.package(name: "TouchDesk", path: "..")],
    targets: [
        fuzzTarget("paths", ["TouchDeskFiles"]),
        fuzzTarget("userdirs", ["TouchDeskFiles"]),
        fuzzTarget("decimal", ["TouchDeskModels"]),
        fuzzTarget("journey", ["TouchDeskModels"]),
        fuzzTarget("text", ["TouchDeskModels"]),
        fuzzTarget("pn2", ["TouchDeskPlaces"]),
        fuzzTarget("placecache", ["TouchDeskPlaces"]),
        fuzzTarget("globecache", ["TouchDeskGlobe"]),
        fuzzTarget("netcdf", ["TouchDeskGlobe", "TouchDeskPlaces"]),
        fuzzTarget("url", ["TouchDeskWeb"]),
        fuzzTarget("png", ["TouchDeskDrawing", "TouchDeskToolkit"]),
        fuzzTarget("size", ["AppMandelbrot", "TouchDeskToolkit"]),
        fuzzTarget("state", ["AppPaintbrush", "AppMandelbrot", "AppDoubler", "AppMapSearch", "AppSeaLevel", "TouchDeskToolkit"]),
    ]
)

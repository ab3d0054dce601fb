// swift-tools-version:6.0
// The libFuzzer target, a package of its own so that the root package's `swift build`
// never sees it: it links only against libFuzzer (`-sanitize=fuzzer`). Build and run it
// with `scripts/fuzz.sh SECONDS`, which also instruments every module of foldmark for
// coverage and AddressSanitizer.
import PackageDescription

let package = Package(
    name: "foldmark-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "foldmark", path: "..")],
    targets: [
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .executableTarget(
            name: "foldmark-fuzz",
            dependencies: ["CLibFuzzer", .product(name: "Site", package: "foldmark")],
            path: "Sources/FoldmarkFuzz",
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]),
    ]
)

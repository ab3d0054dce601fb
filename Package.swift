// swift-tools-version:6.0
import PackageDescription

// foldmark runs on mimalloc, which takes over malloc for the whole process. A sanitizer's
// runtime has to own every allocation to find leaks, so builds for one leave it out:
// scripts/leak-check.sh sets FOLDMARK_SANITIZED.
let linksMimalloc = Context.environment["FOLDMARK_SANITIZED"] == nil

// Our modules import FoundationEssentials (URL, Data, FileManager, JSON), never all of
// Foundation, whose CoreFoundation and ICU load and start with every process and make the
// binary more than twice its size. What Foundation alone had is ours (`SystemThread`,
// `Condition`, `NumberText`, `FileIO.describe`, the percent escapes); the search folds
// accents with the standard library's decomposition. Tests/foldmarkTests/ImportTests.swift
// keeps it so. (Figures in Benchmarks/NOTES.md, "How the build is made fast".)

// A generic type's metadata is made by a call, not looked up by its mangled name, which the
// runtime would demangle on each type's first use in every (short-lived) process. Sanitized
// builds also define FOLDMARK_SANITIZED, which `Leftovers` reads.
let ourSwiftSettings: [SwiftSetting] =
    [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]
    + (linksMimalloc ? [] : [.define("FOLDMARK_SANITIZED")])

// With --static-swift-stdlib the toolchain links `-lstdc++` (the Swift runtime is C++). The
// linker takes the first `libstdc++.*` on its search path, and the folder here, searched
// before the compiler's own, holds only `libstdc++.a`: a link to Debian's (libstdc++-12-dev).
// The loader then has no libstdc++.so.6 to map and bind at every start. Where that file does
// not exist (another compiler version), the link is left dangling, the linker goes on to the
// shared library, and nothing else changes. Builds without the static standard library
// never ask for libstdc++.
#if arch(x86_64)
    let staticLibraries = Context.packageDirectory + "/Linking/x86_64"
#else
    let staticLibraries = Context.packageDirectory + "/Linking/aarch64"
#endif

let package = Package(
    name: "foldmark",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "foldmark", targets: ["foldmark"]),
        .library(name: "Site", targets: ["Site"]),
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CYaml", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // Only its header: the library is loaded when `foldmark serve` starts (see shim.h).
        .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // Files, threads, byte buffers, hashing and number text, for every module; no
        // dependency of its own.
        .target(name: "Basics", swiftSettings: ourSwiftSettings),
        .target(name: "Sections", dependencies: ["Basics", "CCmark", "CYaml"], swiftSettings: ourSwiftSettings),
        .target(name: "Renderer", dependencies: ["Basics", "Sections"], swiftSettings: ourSwiftSettings),
        .executableTarget(name: "EmbedTemplates", path: "Plugins/EmbedTemplatesTool"),
        .plugin(name: "EmbedTemplatesPlugin", capability: .buildTool(), dependencies: ["EmbedTemplates"]),
        .target(
            name: "Site", dependencies: ["Basics", "Sections", "Renderer"], swiftSettings: ourSwiftSettings,
            plugins: ["EmbedTemplatesPlugin"]),
        .target(name: "Server", dependencies: ["Basics", "Site", "CMicroHTTPD"], swiftSettings: ourSwiftSettings),
        // Ours, in C: a process that holds the memory of a build as it exits (see its header).
        .target(name: "CExitHelper"),
        // Linked by the toolchain's lld with packed relative relocations (DT_RELR, which
        // Debian 12's glibc reads): the executable stays position-independent, but the
        // loader applies its relative relocations from a small bitmap instead of a large
        // table at every start (gold cannot pack them).
        .executableTarget(
            name: "foldmark", dependencies: ["Basics", "Site", "Server", "CExitHelper"] + (linksMimalloc ? ["CMimalloc"] : []),
            swiftSettings: (linksMimalloc ? [.define("FOLDMARK_MIMALLOC")] : []) + ourSwiftSettings,
            linkerSettings: [
                .unsafeFlags([
                    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-L", staticLibraries,
                ])
            ]),
        // Linked as foldmark is, so that both start alike in the benchmark.
        .executableTarget(
            name: "foldmark-floor", dependencies: ["CCmark"], path: "Benchmarks/Floor",
            linkerSettings: [.unsafeFlags(["-L", staticLibraries])]),
        // What the tests of several modules share: temporary sites, the built binary run
        // as a process.
        .target(name: "FoldmarkTestSupport", dependencies: ["CCmark"], path: "Sources/FoldmarkTestSupport"),
        .testTarget(name: "BasicsTests", dependencies: ["Basics", "FoldmarkTestSupport"]),
        .testTarget(name: "SectionsTests", dependencies: ["Basics", "FoldmarkTestSupport", "Sections", "CCmark"]),
        .testTarget(name: "RendererTests", dependencies: ["Basics", "FoldmarkTestSupport", "Renderer", "Sections", "CCmark"], exclude: ["Golden"]),
        .testTarget(name: "SiteTests", dependencies: ["Basics", "FoldmarkTestSupport", "Sections", "Site"]),
        .testTarget(name: "foldmarkTests", dependencies: ["Basics", "FoldmarkTestSupport", "foldmark", "Site"]),
        .testTarget(name: "ServerTests", dependencies: ["Basics", "FoldmarkTestSupport", "Server", "Site"]),
    ]
)

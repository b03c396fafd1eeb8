// swift-tools-version: 6.0
import PackageDescription

/// Members of a module are visible only in files that import it (not through another module that does):
/// the shipped modules import FoundationEssentials, never Foundation, and a member of Foundation reached
/// through a dependency's import must not slip in (it links Foundation and ICU, tens of megabytes).
let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

/// libchafa's headers and the GLib headers they include (`pkg-config --cflags chafa`), for compiling the
/// picture shim only: the libraries are loaded at run time (dlopen), so nothing here is linked. A
/// `pkgConfig` system library would add `-lchafa -lglib-2.0` to the link.
#if arch(arm64)
    let multiarch = "aarch64-linux-gnu"
#else
    let multiarch = "x86_64-linux-gnu"
#endif
let chafaHeaders: [CSetting] = [
    .unsafeFlags([
        "-I/usr/include/chafa", "-I/usr/lib/\(multiarch)/chafa/include",
        "-I/usr/include/glib-2.0", "-I/usr/lib/\(multiarch)/glib-2.0/include",
    ])
]

let package = Package(
    name: "nytreader",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "nytreader", targets: ["nytreader"]),
        .executable(name: "nytreader-bench", targets: ["nytreader-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // MARK: - Libraries, lowest layer first
        .target(name: "NewsCore", exclude: ["README.md"], swiftSettings: strictImports),
        .target(name: "JSONStream", exclude: ["README.md"], swiftSettings: strictImports),
        .target(name: "CCurl", exclude: ["README.md"], linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .target(name: "SQLite", dependencies: ["CSQLite"], exclude: ["README.md"], swiftSettings: strictImports),
        .target(name: "CFTSRank", exclude: ["README.md"], linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "CPackedText", exclude: ["README.md"], linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(
            name: "NYTAPI",
            dependencies: ["NewsCore", "CCurl", "JSONStream"],
            exclude: ["README.md"],
            swiftSettings: strictImports
        ),
        .target(
            name: "ArticleStore",
            dependencies: ["NewsCore", "SQLite", "CFTSRank", "CPackedText"],
            exclude: ["README.md"],
            swiftSettings: strictImports
        ),
        .target(
            name: "ReaderService",
            dependencies: ["NewsCore", "NYTAPI", "ArticleStore"],
            exclude: ["README.md"],
            swiftSettings: strictImports
        ),
        .target(
            name: "ReaderViewModel",
            dependencies: ["NewsCore", "ReaderService"],
            exclude: ["README.md"],
            swiftSettings: strictImports
        ),
        .target(name: "CSpawn", exclude: ["README.md"]),
        .target(name: "CMalloc", exclude: ["README.md"]),
        .target(
            name: "CNcursesw",
            exclude: ["README.md"],
            linkerSettings: [.linkedLibrary("ncursesw"), .linkedLibrary("tinfo")]
        ),
        .target(name: "CPicture", exclude: ["README.md"], cSettings: chafaHeaders, linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "TerminalPictures",
            dependencies: ["CPicture"],
            exclude: ["README.md"],
            swiftSettings: strictImports
        ),
        .target(
            name: "TerminalUI",
            dependencies: ["NewsCore", "ReaderViewModel", "CNcursesw", "CSpawn", "TerminalPictures"],
            exclude: ["README.md"],
            swiftSettings: strictImports
        ),
        .target(
            name: "ReaderConfig",
            dependencies: [
                "NewsCore", "TerminalPictures",
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"],
            swiftSettings: strictImports
        ),
        .target(
            name: "BundledSnapshot",
            path: "Resources",
            resources: [
                .embedInCode("snapshot/topstories_home.json"),
                .embedInCode("snapshot/topstories_world.json"),
            ]
        ),
        .executableTarget(
            name: "nytreader",
            dependencies: [
                "NewsCore", "NYTAPI", "ArticleStore", "ReaderService", "ReaderViewModel", "TerminalUI",
                "ReaderConfig", "BundledSnapshot", "CMalloc", "TerminalPictures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"],
            swiftSettings: strictImports
        ),

        // MARK: - Benchmarks (make bench)
        .executableTarget(
            name: "nytreader-bench",
            dependencies: [
                "NewsCore", "ArticleStore", "NYTAPI", "TestSupport", "CSpawn", "TerminalPictures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks",
            exclude: ["Floor"]
        ),

        // MARK: - Mutation check (make mutate)
        .executableTarget(
            name: "mutate",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Tools/mutate",
            exclude: ["mutants.txt"]
        ),

        // MARK: - Fuzzing (make fuzz: libFuzzer targets over the parsers; Fuzz/ holds their seeds)
        .executableTarget(
            name: "nytreader-fuzz",
            dependencies: [
                "NewsCore", "JSONStream", "NYTAPI", "ReaderViewModel", "TerminalUI", "TerminalPictures", "CNcursesw", "ReaderConfig",
                "SQLite", "CFTSRank", "TestSupport",
            ],
            path: "Fuzz/Targets"
        ),

        // MARK: - Tests
        .target(
            name: "TestSupport",
            dependencies: ["NewsCore", "CSpawn", "CPackedText"],
            path: "Tests/TestSupport",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "NewsCoreTests", dependencies: ["NewsCore", "TestSupport"]),
        .testTarget(name: "NYTAPITests", dependencies: ["NYTAPI", "TestSupport"]),
        .executableTarget(
            name: "store-crash-child",
            dependencies: ["ArticleStore", "TestSupport"],
            path: "Tests/StoreCrashChild"
        ),
        .testTarget(
            name: "ArticleStoreTests",
            dependencies: ["ArticleStore", "TestSupport", "store-crash-child"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ReaderServiceTests", dependencies: ["ReaderService", "TestSupport"]),
        .testTarget(name: "JSONStreamTests", dependencies: ["JSONStream", "TestSupport"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
        .testTarget(name: "ReaderViewModelTests", dependencies: ["ReaderViewModel", "ArticleStore", "TestSupport"]),
        .testTarget(
            name: "TerminalUITests", dependencies: ["TerminalUI", "ReaderConfig", "TestSupport", "TerminalPictures"],
            // Read from their folder by FrameGolden, not bundled.
            exclude: ["Goldens"]),
        .testTarget(name: "ReaderConfigTests", dependencies: ["ReaderConfig", "TestSupport"]),
        .executableTarget(
            name: "picture-probe",
            dependencies: ["TerminalPictures"],
            path: "Tests/PictureProbe",
            swiftSettings: strictImports
        ),
        .testTarget(
            name: "TerminalPicturesTests",
            dependencies: ["TerminalPictures", "TestSupport", "picture-probe"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "BenchmarkTests", dependencies: ["nytreader-bench", "NewsCore", "TestSupport"]),
        .testTarget(name: "MutateTests", dependencies: ["mutate"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "NewsCore", "ArticleStore", "TerminalUI", "ReaderViewModel", "TestSupport", "nytreader",
                "SQLite",
            ]
        ),
    ]
)

// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "realm-browser",
    products: [
        .executable(name: "realm-browser", targets: ["realm-browser"]),
        .library(name: "RealmFormat", targets: ["RealmFormat"]),
        .library(name: "RealmQuery", targets: ["RealmQuery"]),
        .library(name: "RealmLegacy", targets: ["RealmLegacy"]),
        .library(name: "RealmInterchange", targets: ["RealmInterchange"]),
        .library(name: "RealmShell", targets: ["RealmShell"]),
    ],
    targets: [
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // OpenSSL's libcrypto (AES-256-CBC, HMAC-SHA224) for encrypted Realm files.
        .systemLibrary(
            name: "CCrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // GNU libmicrohttpd: the HTTP server of `realm-browser serve`.
        .systemLibrary(
            name: "CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(name: "RealmFormat", dependencies: ["CCrypto"]),
        .target(name: "RealmQuery", dependencies: ["RealmFormat"]),
        // Realm's data in and out as bytes: canonical JSON (parser, dump, load), CSV and JSON
        // export and import, the byte encoders.
        .target(name: "RealmInterchange", dependencies: ["RealmFormat"]),
        // The comparison of two files (`diff`): schema, then objects class by class.
        .target(name: "RealmDiff", dependencies: ["RealmFormat"]),
        // Realm Browser's demo database (`generate demo`), streamed a leaf at a time.
        .target(name: "RealmDemo", dependencies: ["RealmFormat"]),
        // Model classes for each Realm SDK (`models swift|kotlin|java|js|csharp`).
        .target(name: "RealmModels", dependencies: ["RealmFormat"]),
        // File formats 5 to 11 (2016-2021), read through a private format-24 image.
        .target(name: "RealmLegacy", dependencies: ["RealmFormat"]),
        .target(
            name: "RealmShell",
            dependencies: ["RealmFormat", "RealmLegacy", "RealmQuery", "RealmInterchange", "RealmDiff", "RealmDemo", "RealmModels", "CMicroHTTPD"],
            // serve's page: real HTML, CSS and JavaScript files, embedded into the binary.
            resources: ["page.css", "body.html", "core.js", "sidebar.js", "grid.js", "object.js", "edit.js", "graph.js"]
                .map { .embedInCode("Serve/Page/\($0)") }),
        .executableTarget(
            name: "realm-browser",
            dependencies: ["RealmShell", "CReadline"],
            // readline's state lives in C globals, which Swift 6 mode rejects as shared mutable state.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(name: "realm-bench", dependencies: ["RealmQuery", "RealmFormat"]),
        // Fixture location and an exact JSON parser for the canonical dumps, shared by the tests.
        .target(name: "TestSupport", dependencies: ["RealmInterchange", "RealmFormat"], path: "Tests/TestSupport"),
        .testTarget(name: "RealmFormatTests", dependencies: ["RealmFormat", "RealmInterchange", "TestSupport"]),
        .testTarget(name: "RealmQueryTests", dependencies: ["RealmQuery", "RealmFormat", "RealmInterchange", "TestSupport"]),
        .testTarget(name: "RealmLegacyTests", dependencies: ["RealmLegacy", "RealmFormat", "RealmInterchange", "RealmQuery", "TestSupport"]),
        .testTarget(name: "RealmShellTests", dependencies: ["RealmShell", "RealmDemo", "RealmDiff", "RealmModels", "RealmFormat", "RealmInterchange", "RealmQuery", "TestSupport"]),
        // Plays a running Realm app (its lock-file session and commits) beside the executable.
        .executableTarget(name: "realm-app-double", dependencies: ["RealmFormat", "TestSupport"], path: "Tests/AppDouble"),
        .testTarget(name: "RealmBrowserTests", dependencies: ["realm-browser", "realm-app-double", "TestSupport"]),
    ]
)

// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "realm-browser",
    products: [
        .executable(name: "realm-browser", targets: ["realm-browser"]),
        .library(name: "RealmFormat", targets: ["RealmFormat"]),
        .library(name: "RealmQuery", targets: ["RealmQuery"]),
        .library(name: "RealmLegacy", targets: ["RealmLegacy"]),
        .library(name: "BrowserKit", targets: ["BrowserKit"]),
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
        // File formats 5 to 11 (2016-2021), read through a private format-24 image.
        .target(name: "RealmLegacy", dependencies: ["RealmFormat"]),
        .target(name: "BrowserKit", dependencies: ["RealmFormat", "RealmLegacy", "RealmQuery", "CMicroHTTPD"]),
        .executableTarget(
            name: "realm-browser",
            dependencies: ["BrowserKit", "CReadline"],
            // readline's state lives in C globals, which Swift 6 mode rejects as shared mutable state.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(name: "realm-bench", dependencies: ["RealmQuery", "RealmFormat", "BrowserKit"]),
        // Fixture location and an exact JSON parser for the canonical dumps, shared by the tests.
        .target(name: "TestSupport", dependencies: ["BrowserKit"], path: "Tests/TestSupport"),
        .testTarget(name: "RealmFormatTests", dependencies: ["RealmFormat", "TestSupport"]),
        .testTarget(name: "RealmQueryTests", dependencies: ["RealmQuery", "RealmFormat", "TestSupport"]),
        .testTarget(name: "RealmLegacyTests", dependencies: ["RealmLegacy", "RealmFormat", "RealmQuery", "TestSupport"]),
        .testTarget(name: "BrowserKitTests", dependencies: ["BrowserKit", "RealmFormat", "RealmQuery", "TestSupport"]),
        // Plays a running Realm app (its lock-file session and commits) beside the executable.
        .executableTarget(name: "realm-app-double", dependencies: ["RealmFormat", "TestSupport"], path: "Tests/AppDouble"),
        .testTarget(name: "RealmBrowserTests", dependencies: ["realm-browser", "realm-app-double", "TestSupport"]),
    ]
)

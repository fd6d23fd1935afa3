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
        .library(name: "RealmServe", targets: ["RealmServe"]),
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
        // SQLite, which writes the files of `export sqlite` (prepared statements only).
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "RealmFormat", dependencies: ["CCrypto"]),
        .target(name: "RealmQuery", dependencies: ["RealmFormat"]),
        // Realm's data in and out as bytes: canonical JSON (parser, dump, load), CSV and JSON
        // export and import, the SQLite export, the byte encoders.
        .target(name: "RealmInterchange", dependencies: ["RealmFormat", "CSQLite"]),
        // The comparison of two files (`diff`): schema, then objects class by class.
        .target(name: "RealmDiff", dependencies: ["RealmFormat"]),
        // Realm Browser's demo database (`generate demo`), streamed a leaf at a time.
        .target(name: "RealmDemo", dependencies: ["RealmFormat"]),
        // Model classes for each Realm SDK (`models swift|kotlin|java|js|csharp`), and GRDB records
        // for the SQLite file `export sqlite` writes (`models grdb`, from RealmInterchange's layout).
        .target(name: "RealmModels", dependencies: ["RealmFormat", "RealmInterchange"]),
        // File formats 5 to 11 (2016-2021), read through a private format-24 image.
        .target(name: "RealmLegacy", dependencies: ["RealmFormat"]),
        // The session, commands, navigation, rendering, completion and scripting of the REPL.
        .target(name: "RealmShell",
                dependencies: ["RealmFormat", "RealmLegacy", "RealmQuery", "RealmInterchange", "RealmDiff", "RealmDemo", "RealmModels"]),
        // `realm-browser serve`: the HTTP server (libmicrohttpd), its JSON API and the page.
        .target(
            name: "RealmServe",
            dependencies: ["RealmShell", "RealmInterchange", "RealmQuery", "RealmFormat", "CMicroHTTPD"],
            // The page: real HTML, CSS and JavaScript files, embedded into the binary.
            resources: ["page.css", "body.html", "core.js", "sidebar.js", "grid.js", "object.js", "edit.js", "schema-edit.js", "graph.js",
                        "tools.css", "theme.css", "keyboard.js", "copy.js", "theme.js", "columns.js",
                        "viewer.js", "complete.js", "history.js", "charts.js", "files.js"]
                .map { .embedInCode("Page/\($0)") }),
        .executableTarget(
            name: "realm-browser",
            dependencies: ["RealmShell", "RealmServe", "CReadline"],
            // readline's state lives in C globals, which Swift 6 mode rejects as shared mutable state.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(name: "realm-bench", dependencies: ["RealmQuery", "RealmFormat"]),
        // Fixture location, an exact JSON parser for the canonical dumps and SQLite's reader of
        // exported files, shared by the tests.
        .target(name: "TestSupport", dependencies: ["RealmInterchange", "RealmFormat", "CSQLite"], path: "Tests/TestSupport"),
        .testTarget(name: "RealmFormatTests", dependencies: ["RealmFormat", "RealmInterchange", "TestSupport"]),
        .testTarget(name: "RealmQueryTests", dependencies: ["RealmQuery", "RealmFormat", "RealmInterchange", "TestSupport"]),
        .testTarget(name: "RealmInterchangeTests", dependencies: ["RealmInterchange", "RealmFormat", "RealmLegacy", "TestSupport"]),
        .testTarget(name: "RealmDiffTests", dependencies: ["RealmDiff", "RealmFormat", "RealmInterchange", "TestSupport"]),
        .testTarget(name: "RealmDemoTests", dependencies: ["RealmDemo", "RealmFormat", "TestSupport"]),
        .testTarget(name: "RealmModelsTests", dependencies: ["RealmModels", "RealmFormat", "RealmInterchange", "TestSupport"]),
        .testTarget(name: "RealmLegacyTests", dependencies: ["RealmLegacy", "RealmFormat", "RealmInterchange", "RealmQuery", "TestSupport"]),
        // What the shell's and serve's tests share: which error a command is expected to report.
        .target(name: "ShellTestSupport", dependencies: ["RealmShell", "TestSupport"], path: "Tests/ShellTestSupport"),
        .testTarget(name: "RealmServeTests", dependencies: ["RealmServe", "RealmShell", "RealmInterchange", "ShellTestSupport", "TestSupport"]),
        .testTarget(name: "RealmShellTests", dependencies: ["RealmShell", "ShellTestSupport", "RealmDemo", "RealmDiff", "RealmModels", "RealmFormat", "RealmInterchange", "RealmQuery", "TestSupport"]),
        // Plays a running Realm app (its lock-file session and commits) beside the executable.
        .executableTarget(name: "realm-app-double", dependencies: ["RealmFormat", "TestSupport"], path: "Tests/AppDouble"),
        .testTarget(name: "RealmBrowserTests", dependencies: ["realm-browser", "realm-app-double", "TestSupport"]),
    ]
)

// swift-tools-version:5.4
// Tools version 5.4 on purpose: from 5.5 SwiftPM renames an executable's `main` and links it
// back with `--defsym main=<module>_main`, which clashes with the `main` that
// `-sanitize=fuzzer` links in whole from libFuzzer. Here the harnesses have no `main` of their
// own (they are compiled with `-parse-as-library`), so libFuzzer's drives them.
//
// A package of its own so that the main package's build and tests never see sanitizer flags;
// scripts/fuzz.sh builds it (debug, for `@testable import` of the readers' internal API).
import PackageDescription

let realmShell = Target.Dependency.product(name: "RealmShell", package: "realm-browser")
let realmFormat = Target.Dependency.product(name: "RealmFormat", package: "realm-browser")
let realmQuery = Target.Dependency.product(name: "RealmQuery", package: "realm-browser")
let realmLegacy = Target.Dependency.product(name: "RealmLegacy", package: "realm-browser")
let realmInterchange = Target.Dependency.product(name: "RealmInterchange", package: "realm-browser")

let package = Package(
    name: "realm-browser-fuzz",
    dependencies: [.package(name: "realm-browser", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [realmInterchange, realmFormat]),
        .executableTarget(name: "fuzz-file", dependencies: ["FuzzSupport", realmInterchange, realmFormat, realmLegacy]),
        .executableTarget(name: "fuzz-query", dependencies: ["FuzzSupport", realmQuery, realmFormat]),
        .executableTarget(name: "fuzz-csv", dependencies: ["FuzzSupport", realmInterchange, realmFormat]),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport", realmInterchange, realmFormat]),
        .executableTarget(name: "fuzz-statements", dependencies: [realmShell]),
    ]
)

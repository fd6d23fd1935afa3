import RealmFormat

/// The older file formats this target reads (5 to 11, 2016-2021), and who wrote them.
///
/// People know their files by the SDK that made them ("an app on Realm Cocoa 4"), not by the
/// format byte, so `info`, the notice at open and `help formats` name both. The releases are
/// those of the fixtures' README and of the legacy document's L§1 (approximate, from
/// realm-core's changelog and the SDKs' release notes).
public enum LegacyFormats {
    /// Formats read through a format-24 image.
    public static let readable: ClosedRange<Int> = FileHeader.olderFormats
    /// Formats 5-9 keep tables of columns (legacy document Part I); 10 and 11 cluster trees (Part II).
    static let columnStore: ClosedRange<Int> = 5...9
    static let clusterTrees: ClosedRange<Int> = 10...11

    /// One format: the realm-core releases and the SDK releases of its era.
    public struct Era: Sendable {
        public let format: Int
        public let core: String
        public let years: String
        public let sdks: String
    }

    /// L§1's table, one row per format.
    public static let eras: [Era] = [
        Era(format: 5, core: "realm-core 0.100-1.5", years: "2016",
            sdks: "Realm Cocoa 0.101-1.1, Realm Java 0.90-1.2"),
        Era(format: 6, core: "realm-core 2.0-2.5", years: "2016-2017",
            sdks: "Realm Cocoa 2.0-2.4, Realm Java 2.0-3.0, Realm JS 0.15-1.1"),
        Era(format: 7, core: "realm-core 2.6-2.9", years: "2017",
            sdks: "Realm Cocoa 2.5-2.10, Realm Java 3.1-3.7, Realm JS 1.2-1.13"),
        Era(format: 8, core: "realm-core 3.0-3.2", years: "2017",
            sdks: "pre-releases only: Realm Cocoa 3.0 betas, Realm JS 2.0 release candidates"),
        Era(format: 9, core: "realm-core 4.0-5.23", years: "2017-2020",
            sdks: "Realm Cocoa 3.x-4.x, Realm Java 4.x-6.x, Realm JS 2.x-5.x, Realm .NET 2.x-4.x"),
        Era(format: 10, core: "realm-core 6.0.0-6.0.23", years: "2020",
            sdks: "Realm Cocoa 5.0-5.3, Realm Java 7.0.0-7.0.3, Realm JS 6.0"),
        Era(format: 11, core: "realm-core 6.0.24-6.2", years: "2020-2021",
            sdks: "Realm Cocoa 5.4+, Realm Java 7.0.4+, Realm JS 6.1.1+, Realm .NET 5.0.1+"),
    ]

    /// The era of `format`, nil outside 5-11.
    public static func era(_ format: Int) -> Era? {
        eras.first { $0.format == format }
    }

    /// "Realm Cocoa 3.x-4.x, ... (realm-core 4.0-5.23, 2017-2020)".
    public static func writers(of format: Int) -> String {
        guard let era = era(format) else { return "unknown" }
        return "\(era.sdks) (\(era.core), \(era.years))"
    }
}

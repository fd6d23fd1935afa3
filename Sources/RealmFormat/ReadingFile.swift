/// An error type of a layer above the format that can carry the format's own errors: a
/// command's or an exporter's error reports a damaged file as what it is, without each caller
/// writing the re-wrapping by hand.
public protocol CarriesFileErrors: Error {
    static func file(_ error: RealmFormatError) -> Self
}

extension CarriesFileErrors {
    /// Runs `work`, which reads the file, reporting its failure as this error type.
    @inlinable
    public static func reading<T>(_ work: () throws(RealmFormatError) -> T) throws(Self) -> T {
        do {
            return try work()
        } catch {
            throw Self.file(error)
        }
    }
}

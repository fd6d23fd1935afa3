import RealmFormat

/// Reading the file fails with the format's errors; the command reports them as its own.
func readingFile<T>(_ work: () throws(RealmFormatError) -> T) throws(BrowserError) -> T {
    do {
        return try work()
    } catch {
        throw .file(error)
    }
}

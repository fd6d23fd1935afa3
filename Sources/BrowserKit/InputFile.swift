import Foundation

/// Reads a file a command takes as input (`import csv`, `load`, `-f`), turning Foundation's
/// errors ("NSCocoaErrorDomain error 256") into what happened: no such file, a directory,
/// permission denied.
enum InputFile {
    static func contents(of path: String, what: String) throws(BrowserError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .invalidInput(path: path, reason: "cannot read \(what): no such file")
        }
        guard !isDirectory.boolValue else { throw .invalidInput(path: path, reason: "cannot read \(what): it is a directory") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .invalidInput(path: path, reason: "cannot read \(what): \(reason(error))")
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let message = strerror(Int32(underlying.code)) {
            return String(cString: message)
        }
        return "read error"
    }
}

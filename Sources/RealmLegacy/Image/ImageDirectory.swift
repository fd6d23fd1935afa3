#if canImport(Glibc)
import Glibc
#endif
import RealmFormat

/// A private directory for one image file: made under $TMPDIR (or /tmp), never beside the
/// original, readable by its owner only (the image holds the file's data in plain text when the
/// original is not encrypted), and removed with the image once the image is mapped.
struct ImageDirectory {
    let path: String

    var imagePath: String { path + "/image.realm" }

    /// In $TMPDIR, or in /tmp when $TMPDIR is unset or refuses (a read-only or missing one).
    init() throws(RealmFormatError) {
        let preferred = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        var failure = ""
        for base in [preferred, "/tmp"].compactMap({ $0 }) {
            if let made = ImageDirectory.make(in: base) {
                path = made
                return
            }
            failure += (failure.isEmpty ? "" : "; ") + base + ": " + String(cString: strerror(errno))
        }
        throw .cannotWrite(path: preferred ?? "/tmp", reason: "no private directory for the format-24 image (\(failure))")
    }

    /// `mkdtemp` (mode 0700) of `base/realm-browser-XXXXXX`; nil with errno set when refused.
    private static func make(in base: String) -> String? {
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("realm-browser-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress, let result = mkdtemp(start) else { return nil }
            return String(cString: result)
        }
    }

    /// Removes the image (its mapping stays valid) and the directory.
    func remove() {
        unlink(imagePath)
        unlink(imagePath + ".tmp-\(getpid())")
        rmdir(path)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import RealmFormat

/// A private directory for one image file: made under $TMPDIR (else /tmp), never beside the
/// original, readable by its owner only (the image holds the file's data in plain text when the
/// original is not encrypted), and removed with the image once the image is mapped.
struct ImageDirectory {
    let path: String

    var imagePath: String { path + "/image.realm" }

    init() throws(RealmFormatError) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("realm-browser-XXXXXX".utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress, let result = mkdtemp(start) else { return nil }
            return String(cString: result)
        }
        guard let made else {
            throw .cannotWrite(path: base, reason: "no private directory for the format-24 image: " + String(cString: strerror(errno)))
        }
        path = made
    }

    /// Removes the image (its mapping stays valid) and the directory.
    func remove() {
        unlink(imagePath)
        unlink(imagePath + ".tmp-\(getpid())")
        rmdir(path)
    }
}

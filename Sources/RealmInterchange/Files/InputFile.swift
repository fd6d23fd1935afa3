import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file a command takes as input (`import csv`, `load`, `-f`) with plain read(2), so
/// pipes and devices work too (`-f <(...)`, `/dev/stdin`, which Foundation's Data(contentsOf:)
/// refused with "read error"), and says what went wrong: no such file, a directory, a
/// permission.
public enum InputFile {
    public static func contents(of path: String, what: String) throws(InterchangeError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .invalidInput(path: path, reason: "cannot read \(what): no such file")
        }
        guard !isDirectory.boolValue else { throw .invalidInput(path: path, reason: "cannot read \(what): it is a directory") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .invalidInput(path: path, reason: "cannot read \(what): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw .invalidInput(path: path, reason: "cannot read \(what): \(String(cString: strerror(errno)))")
            }
            data.append(contentsOf: buffer[..<count])
        }
    }
}

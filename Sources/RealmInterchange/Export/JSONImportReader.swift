import Foundation

/// One element of the array `import json` reads, with where it is in the file.
public struct JSONImportRecord {
    public let position: ImportPosition
    public let value: JSONValue
}

/// Reads the records of `import json`: the array `export json CLASS` writes, or the member for
/// the class in the object `export json` (all classes) writes. A file that is not JSON is
/// refused as a whole, by line and column, since no record after the mistake can be trusted.
public enum JSONImportReader {
    public static func records(atPath path: String, className: String) throws(InterchangeError) -> [JSONImportRecord] {
        let data = try InputFile.contents(of: path, what: "the JSON file")
        var bytes = [UInt8](data)
        // Editors on some systems start UTF-8 files with a byte-order mark, which JSON does not allow.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let parsed: Result<[(offset: Int, value: JSONValue)], JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> [(offset: Int, value: JSONValue)] in try JSONParser.records(in: buffer, member: className) }
        }
        switch parsed {
        case let .failure(error):
            let (line, column) = location(of: error.offset, in: bytes)
            throw .invalidInput(path: path, reason: "line \(line), column \(column): \(error.message); nothing was imported")
        case let .success(elements):
            var records: [JSONImportRecord] = []
            records.reserveCapacity(elements.count)
            var line = 1
            var scanned = 0
            for (index, element) in elements.enumerated() {
                // Offsets ascend, so the lines are counted in one pass over the file.
                while scanned < element.offset {
                    if bytes[scanned] == UInt8(ascii: "\n") { line += 1 }
                    scanned += 1
                }
                records.append(JSONImportRecord(position: ImportPosition(line: line, record: index + 1), value: element.value))
            }
            return records
        }
    }

    /// The 1-based line and column (in bytes) of `offset`.
    public static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}

import Foundation

/// One field of a CSV record, remembering whether it was quoted: an empty unquoted field is
/// null, a quoted empty one (`""`) the empty string, as `export csv` writes them.
public struct CSVField: Equatable {
    public let text: String
    public let quoted: Bool

    public var isNull: Bool { text.isEmpty && !quoted }
}

/// One record and the line it starts on (1-based, counting the header), for error messages.
public struct CSVRecord {
    public let line: Int
    public let fields: [CSVField]
}

/// Why a CSV file cannot be read at all (as opposed to one bad row).
public enum CSVSyntaxError: Error, CustomStringConvertible {
    case unclosedQuote(line: Int)
    case textAfterClosingQuote(line: Int)

    public var description: String {
        switch self {
        case let .unclosedQuote(line): return "line \(line): a quoted field is never closed"
        case let .textAfterClosingQuote(line): return "line \(line): text after a closing quote; a quote inside a quoted field is written twice (\"\")"
        }
    }
}

/// Reads RFC 4180 text: fields separated by commas, records by CRLF or LF, fields with commas,
/// quotes or line breaks quoted, quotes inside doubled. A leading byte-order mark is skipped.
public enum CSVReader {
    public static func records(in text: String) throws(CSVSyntaxError) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var fields: [CSVField] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var inQuotes = false
        var afterClosingQuote = false
        var line = 1
        var recordLine = 1
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()

        func endField() {
            fields.append(CSVField(text: String(field), quoted: quoted))
            field = String.UnicodeScalarView()
            quoted = false
            afterClosingQuote = false
        }
        func endRecord() {
            endField()
            // A blank line is no record (a file commonly ends with one).
            if !(fields.count == 1 && fields[0].isNull) { records.append(CSVRecord(line: recordLine, fields: fields)) }
            fields = []
        }

        while let scalar = pending {
            pending = iterator.next()
            if inQuotes {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = iterator.next()
                    } else {
                        inQuotes = false
                        afterClosingQuote = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
            case "\r" where pending == "\n":
                continue
            case "\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            case "\"" where field.isEmpty && !quoted:
                inQuotes = true
                quoted = true
            default:
                guard !afterClosingQuote else {
                    throw CSVSyntaxError.textAfterClosingQuote(line: line)
                }
                field.append(scalar)
            }
        }
        guard !inQuotes else { throw CSVSyntaxError.unclosedQuote(line: recordLine) }
        if !field.isEmpty || quoted || !fields.isEmpty { endRecord() }
        return records
    }

    /// A header that is one field holding ';' or a tab comes from a spreadsheet set to another
    /// separator; saying so beats "no property 'name;city'".
    public static func checkSeparator(_ header: CSVRecord, path: String) throws(InterchangeError) {
        guard header.fields.count == 1, let text = header.fields.first?.text else { return }
        for (separator, name) in [(";", "';'"), ("\t", "tabs")] where text.contains(separator) {
            throw .invalidInput(path: path, reason: "the header is one field, \(CSVCellParser.shown(text)): import reads comma-separated values, and this file seems to separate them with \(name)")
        }
    }

    /// The records of the file at `path` (UTF-8).
    public static func records(atPath path: String) throws(InterchangeError) -> [CSVRecord] {
        let data = try InputFile.contents(of: path, what: "the CSV file")
        guard let text = String(data: data, encoding: .utf8) else { throw .invalidInput(path: path, reason: "it is not UTF-8 text") }
        do { return try records(in: text) } catch { throw .invalidInput(path: path, reason: error.description) }
    }
}

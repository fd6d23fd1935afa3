import RealmFormat
import RealmInterchange

/// `verify --json`: one JSON document a script can test (`.ok`) and walk (`.problems[]`, each
/// with `check`, `table`, `objectKey`, `column`, `offset`, `message`; null where unknown).
enum VerificationJSON {
    static func document(_ report: VerificationReport) -> String {
        var text = "{\"file\":"
        CanonicalValueEncoder.appendJSONString(report.path, to: &text)
        text += ",\"ok\":\(report.isSound),\"problemCount\":\(report.problemCount),\"tables\":\(report.tableCount),"
            + "\"objects\":\(report.objectCount),\"nodes\":\(report.nodeCount),\"freeEntries\":\(report.freeEntries),"
            + "\"version\":\(report.version),\"problems\":["
        for (index, problem) in report.problems.enumerated() {
            if index > 0 { text += "," }
            text += "{\"check\":"
            CanonicalValueEncoder.appendJSONString(problem.check.rawValue, to: &text)
            text += ",\"table\":"
            append(problem.table, to: &text)
            text += ",\"objectKey\":" + (problem.objectKey.map(String.init) ?? "null")
            text += ",\"column\":"
            append(problem.column, to: &text)
            text += ",\"offset\":" + (problem.offset.map(String.init) ?? "null") + ",\"message\":"
            CanonicalValueEncoder.appendJSONString(problem.message, to: &text)
            text += "}"
        }
        return text + "]}"
    }

    private static func append(_ string: String?, to text: inout String) {
        guard let string else {
            text += "null"
            return
        }
        CanonicalValueEncoder.appendJSONString(string, to: &text)
    }
}

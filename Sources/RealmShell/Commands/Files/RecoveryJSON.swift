import RealmFormat
import RealmInterchange

/// `recover --json`: one document a script can test (`.complete`) and walk (`.classes[]`).
enum RecoveryJSON {
    static func document(_ report: RecoveryReport, output: String) -> String {
        var text = "{\"file\":" + string(report.path) + ",\"output\":" + string(output)
            + ",\"complete\":\(report.isComplete),\"source\":" + string(report.source.rawValue)
            + ",\"topRef\":\(report.topRef),\"version\":\(report.version),\"fileFormat\":\(report.fileFormat)"
            + ",\"headerProblem\":" + (report.headerProblem.map(string) ?? "null")
            + ",\"damagedPages\":[" + report.damagedPages.map(String.init).joined(separator: ",") + "]"
            + ",\"savedObjects\":\(report.savedObjects),\"lostObjects\":\(report.lostObjects),\"classes\":["
        for (index, recovery) in report.classes.enumerated() {
            if index > 0 { text += "," }
            text += "{\"name\":" + string(recovery.name) + ",\"saved\":\(recovery.savedObjects)"
                + ",\"expected\":" + (recovery.expectedObjects.map(String.init) ?? "null")
                + ",\"lostObjects\":\(recovery.lostObjects + recovery.unaccountedObjects),\"lostValues\":\(recovery.lostValues)"
                + ",\"lostLinks\":\(recovery.lostLinks),\"droppedProperties\":[" + recovery.droppedProperties.map(string).joined(separator: ",")
                + "],\"tableLost\":" + (recovery.tableLost.map(string) ?? "null")
                + ",\"reasons\":[" + recovery.reasons.map(string).joined(separator: ",") + "]}"
        }
        return text + "]}"
    }

    private static func string(_ value: String) -> String {
        var text = ""
        CanonicalValueEncoder.appendJSONString(value, to: &text)
        return text
    }
}

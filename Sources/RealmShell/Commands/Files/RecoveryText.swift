import RealmFormat

/// How `recover` tells people what it did: where the data came from, a table of what each
/// class kept and lost, then the reasons, each naming the object, property and offset.
enum RecoveryText {
    static func show(_ report: RecoveryReport, output: String, session: Session) {
        var origin = "version \(report.version), file format \(report.fileFormat)"
        switch report.source {
        case .header: origin += ", from the header's top array"
        case .search, .previousVersion: origin += ", from the top array at offset \(report.topRef) (\(report.source.rawValue))"
        }
        session.confirm("recovered \(report.path) into \(output): \(origin)")
        if let problem = report.headerProblem { session.output.line("header: \(problem)") }
        if !report.damagedPages.isEmpty {
            session.output.line("encrypted pages \(report.damagedPages.map(String.init).joined(separator: ", ")) failed authentication (damaged): read as zeros")
        }
        let printer = session.rowPrinter([OutputColumn("class"), OutputColumn("saved", alignment: .right),
                                          OutputColumn("lost objects", alignment: .right), OutputColumn("lost values", alignment: .right),
                                          OutputColumn("lost links", alignment: .right), OutputColumn("dropped properties")])
        for recovery in report.classes {
            printer.add([.string(recovery.name), .number(recovery.savedObjects),
                         .number(recovery.lostObjects + recovery.unaccountedObjects), .number(recovery.lostValues),
                         .number(recovery.lostLinks), .string(recovery.droppedProperties.joined(separator: ", "))])
        }
        printer.finish()
        for recovery in report.classes {
            if let lost = recovery.tableLost { session.output.line("\(recovery.name): \(lost)") }
            if recovery.unaccountedObjects > 0 {
                session.output.line("\(recovery.name): \(recovery.unaccountedObjects) of the \(recovery.expectedObjects ?? 0) objects its tree counts were in parts of it that could not be read")
            }
            for reason in recovery.reasons { session.output.line("\(recovery.name): \(reason)") }
            if recovery.unlistedReasons > 0 { session.output.line("\(recovery.name): ... and \(recovery.unlistedReasons) more") }
        }
        if report.isComplete { session.confirm("everything was recovered: \(report.savedObjects) objects") }
    }

    /// `2 objects, 1 value and 3 links could not be recovered`.
    static func losses(_ report: RecoveryReport) -> String {
        func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
        }
        let values = report.classes.reduce(0) { $0 + $1.lostValues }
        let links = report.classes.reduce(0) { $0 + $1.lostLinks }
        let lostTables = report.classes.filter { $0.tableLost != nil }.count
        var parts = [count(report.lostObjects, "object"), count(values, "value"), count(links, "link")]
        if lostTables > 0 { parts.insert(count(lostTables, "whole class", "whole classes"), at: 0) }
        let dropped = report.classes.reduce(0) { $0 + $1.droppedProperties.count }
        if dropped > 0 { parts.append(count(dropped, "property", "properties")) }
        if !report.damagedPages.isEmpty { parts.append(count(report.damagedPages.count, "damaged encrypted page")) }
        let lost = report.classes.contains { !$0.isComplete } || !report.damagedPages.isEmpty
        guard report.source == .header else {
            let version = "the header was damaged: version \(report.version) is the newest found in the file, perhaps not the last committed"
            return lost ? parts.joined(separator: ", ") + " could not be recovered, and " + version : version
        }
        return parts.joined(separator: ", ") + " could not be recovered"
    }
}

import RealmFormat

/// The line under a page: what is shown and how to see more.
enum PageFooter {
    static func text(start: Int, stop: Int, count: Int, noun: String, pageSize: Int) -> String {
        if count == 0 { return "(no \(noun))" }
        if stop < count { return "(\(start)..\(stop) of \(count) \(noun); 'more' shows the next \(pageSize))" }
        return "(\(start)..\(stop) of \(count) \(noun))"
    }
}

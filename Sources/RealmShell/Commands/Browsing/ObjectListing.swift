import RealmFormat

/// Renders a page of a class (all of it in csv/json/jsonl unless a range is given) and
/// remembers where `more` continues.
public enum ObjectListing {
    static func render(table: Table, from start: Int, to end: Int, catalog: Catalog, session: Session) throws(BrowserError) {
        let printer = ObjectRowPrinter(table: table, labelHeader: "#", catalog: catalog, session: session)
        let stop = try rows(table: table, from: start, to: end, catalog: catalog, into: printer)
        let count = table.objects.count
        printer.finish(notes: [PageFooter.text(start: start, stop: stop, count: count, noun: "\(table.displayName) objects", pageSize: session.pageSize)])
        session.listing = stop < count ? .table(name: table.name, next: stop) : nil
    }

    /// The objects of `table` at positions `start..<end` into `sink`, a leaf at a time, each
    /// labelled with its position; returns the position after the last one.
    public static func rows(table: Table, from start: Int, to end: Int, catalog: Catalog,
                            into sink: some ObjectRowSink) throws(BrowserError) -> Int {
        let count = table.objects.count
        guard start < count || (start == 0 && count == 0) else {
            throw .positionOutOfRange(className: table.displayName, position: start, count: count)
        }
        let stop = min(end, count)
        var position = start
        while position < stop {
            // A leaf at a time, found by position rather than by a leaf walk that checks Ctrl-C.
            try CommandInterrupts.check(at: 0)
            let first = try catalog.object(in: table, position: position)
            var row = first.row
            while row < first.leaf.count && position < stop {
                try sink.add(label: String(position), object: ObjectHandle(table: table, leaf: first.leaf, row: row, position: position))
                row += 1
                position += 1
            }
        }
        return stop
    }
}

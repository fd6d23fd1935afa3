import RealmFormat

/// Renders a page of a query result: the result index, the object, then its properties.
public enum ResultListing {
    static func render(_ result: QueryResult, from start: Int, to end: Int, catalog: Catalog, session: Session) throws(BrowserError) {
        let printer = ObjectRowPrinter(table: result.table, labelHeader: "#", showsObject: true, catalog: catalog, session: session)
        let stop = try rows(result, from: start, to: end, catalog: catalog, into: printer)
        let count = result.count
        printer.finish(notes: [PageFooter.text(start: start, stop: stop, count: count,
                                               noun: "matching \(result.table.displayName) objects", pageSize: session.pageSize)])
        session.listing = stop < count ? .results(result, next: stop) : nil
    }

    /// The result's objects at indexes `start..<end` into `sink`, each labelled with its index;
    /// returns the index after the last one.
    public static func rows(_ result: QueryResult, from start: Int, to end: Int, catalog: Catalog,
                            into sink: some ObjectRowSink) throws(BrowserError) -> Int {
        let count = result.count
        guard start < count || start == 0 else {
            throw .positionOutOfRange(className: "the result", position: start, count: count)
        }
        let stop = min(end, count)
        let positions = start..<max(start, stop)
        try result.load(positions, catalog: catalog)
        for index in positions {
            // Objects are looked up one by one here, not through a leaf walk that checks Ctrl-C.
            try CommandInterrupts.check(at: index - start)
            guard let key = try result.key(at: index, catalog: catalog),
                  let object = try catalog.object(in: result.table, key: key) else { continue }
            try sink.add(label: String(index), object: object)
        }
        return stop
    }
}

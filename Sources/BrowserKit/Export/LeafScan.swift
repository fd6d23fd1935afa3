import RealmFormat

/// Visits a table's cluster leaves in key order with typed errors, so that exports and
/// statistics read each column leaf once, in place, instead of looking objects up one by one.
enum LeafScan {
    static func forEachLeaf(of table: Table, _ body: (ClusterLeaf) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        do {
            try table.objects.forEachLeaf { leaf in
                do throws(RealmFormatError) { try body(leaf) } catch { throw error }
            }
        } catch let error as RealmFormatError {
            throw error
        } catch {
            throw .unexpectedNode(ref: 0, context: "scan of \(table.name)", detail: "\(error)")
        }
    }
}

import RealmFormat

/// The ascending object keys of link targets, read once per target table.
final class TargetKeys {
    private let file: RealmFile
    private var read: [Int: [Int64]] = [:]

    init(file: RealmFile) {
        self.file = file
    }

    func keys(of table: Table) throws(RealmFormatError) -> [Int64] {
        if let keys = read[table.slot] { return keys }
        var keys: [Int64] = []
        keys.reserveCapacity(table.objects.count)
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            for row in 0..<leaf.count { keys.append(try leaf.key(at: row)) }
        }
        read[table.slot] = keys
        return keys
    }
}

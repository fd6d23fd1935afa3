/// The object store's schema version (§4.6: the one object of the `metadata` table), which a
/// Realm migration raises: an app opening a file whose schema changed must declare a higher
/// version and migrate, so a commit that renames, removes or converts raises it by one, as
/// the migration would have (unless the transaction keeps it).
extension FileEditor {
    /// The schema version the file holds; nil without a `metadata` table (or its object).
    public var schemaVersion: Int64? {
        guard let (table, column, key) = try? metadataVersion(), let found = try? table.objects.find(key: key),
              case let .int(version)? = try? ColumnLeafReader(leaf: found.leaf, column: column).value(at: found.row) else { return nil }
        return version
    }

    /// Whether the staged schema changes need a migration in the apps that open the file.
    public var needsMigration: Bool { schema.needsMigration }

    /// The schema version the commit writes, when it changes one: one more than the file's,
    /// unless the transaction keeps it or the file is not versioned (-1, realm-core's
    /// `ObjectStore::NotVersioned`).
    public var newSchemaVersion: Int64? {
        guard needsMigration, !keepsSchemaVersion, let version = schemaVersion, version >= 0, version < Int64.max else { return nil }
        return version + 1
    }

    /// The metadata table, its `version` column and the key of the object holding it.
    private func metadataVersion() throws(RealmFormatError) -> (Table, Column, Int64)? {
        guard let table = file.table(named: "metadata"), let column = table.column(named: "version"), column.type == .int,
              column.collection == nil else { return nil }
        var first: Int64?
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            if first == nil, leaf.count > 0 { first = try leaf.key(at: 0) }
        }
        return first.map { (table, column, $0) }
    }

    /// Stages the new schema version with the commit's other changes (nothing when it stays).
    func stageSchemaVersion() throws(RealmFormatError) {
        guard let version = newSchemaVersion, let (table, column, key) = try metadataVersion() else { return }
        if case .int(version)? = edits.latestChange(tableSlot: table.slot, key: key, leafIndex: column.leafIndex).flatMap({ change -> RealmValue? in
            if case let .value(value) = change { return value }
            return nil
        }) { return }
        try set(.int(version), column: column, table: table, key: key)
    }
}

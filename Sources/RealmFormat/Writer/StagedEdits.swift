/// The changes a `FileEditor` has staged, in the order they were made, with an index that
/// answers "which staged change decides this property of this object?" and "does this object
/// exist?" in constant time. Without it every lookup scanned all staged changes backwards, so
/// staging N changes (an import of N objects, `update` of N objects) took time quadratic in N.
///
/// The index is kept in step with the list through every way it changes: `append`, dropping
/// the changes of a failed staging step (`truncate(to:)`, which undoes their index entries in
/// reverse), and `removeAll` after a commit.
struct StagedEdits: RandomAccessCollection {
    typealias Edit = FileEditor.Edit

    /// The latest staged changes of one object, as positions in `items`.
    private struct ObjectEntry {
        /// The latest creation or deletion of the object.
        var lifecycle: Int?
        /// The latest change of each property, by leaf index.
        var byLeaf: [Int: Int] = [:]
    }

    /// What one `append` changed in the index, so that `truncate(to:)` can put it back.
    private struct Undo {
        let object: FileEditor.ObjectID
        /// nil: the object's lifecycle entry; otherwise the property's leaf index.
        let leafIndex: Int?
        let previous: Int?
        let previousHighestCreated: Int64??
    }

    private var items: [Edit] = []
    private var objects: [FileEditor.ObjectID: ObjectEntry] = [:]
    private var undoLog: [Undo] = []
    /// The highest key created so far in each table (by table slot).
    private var highestCreated: [Int: Int64] = [:]
    /// Tables (by slot) with at least one staged change; a schema edit refuses to mix with them.
    private var touchedTables: [Int: Int] = [:]

    var startIndex: Int { items.startIndex }
    var endIndex: Int { items.endIndex }
    subscript(position: Int) -> Edit { items[position] }

    mutating func append(_ edit: Edit) {
        let position = items.count
        let object = FileEditor.ObjectID(tableSlot: edit.table.slot, key: edit.key)
        var entry = objects[object] ?? ObjectEntry()
        if edit.isCreation || edit.isDeletion {
            var previousHighest: Int64??
            if edit.isCreation {
                previousHighest = .some(highestCreated[edit.table.slot])
                highestCreated[edit.table.slot] = Swift.max(highestCreated[edit.table.slot] ?? edit.key, edit.key)
            }
            undoLog.append(Undo(object: object, leafIndex: nil, previous: entry.lifecycle, previousHighestCreated: previousHighest))
            entry.lifecycle = position
        } else {
            let leafIndex = edit.column.leafIndex
            undoLog.append(Undo(object: object, leafIndex: leafIndex, previous: entry.byLeaf[leafIndex], previousHighestCreated: nil))
            entry.byLeaf[leafIndex] = position
        }
        objects[object] = entry
        touchedTables[edit.table.slot, default: 0] += 1
        items.append(edit)
    }

    /// Drops every change from position `count` on (a staging step that failed), with the
    /// index entries they made.
    mutating func truncate(to count: Int) {
        while items.count > count, let edit = items.popLast(), let undo = undoLog.popLast() {
            var entry = objects[undo.object] ?? ObjectEntry()
            if let leafIndex = undo.leafIndex {
                entry.byLeaf[leafIndex] = undo.previous
            } else {
                entry.lifecycle = undo.previous
            }
            if case let .some(highest) = undo.previousHighestCreated { highestCreated[edit.table.slot] = highest }
            objects[undo.object] = entry.lifecycle == nil && entry.byLeaf.isEmpty ? nil : entry
            let remaining = (touchedTables[edit.table.slot] ?? 1) - 1
            touchedTables[edit.table.slot] = remaining > 0 ? remaining : nil
        }
    }

    mutating func removeAll() {
        items.removeAll()
        objects.removeAll()
        undoLog.removeAll()
        highestCreated.removeAll()
        touchedTables.removeAll()
    }

    /// The latest staged change that decides property `leafIndex` of the object: one to that
    /// property, or the object's creation or deletion, whichever came last.
    func latestChange(tableSlot: Int, key: Int64, leafIndex: Int) -> FileEditor.Change? {
        guard let entry = objects[FileEditor.ObjectID(tableSlot: tableSlot, key: key)] else { return nil }
        let position = Swift.max(entry.lifecycle ?? -1, entry.byLeaf[leafIndex] ?? -1)
        return position >= 0 ? items[position].change : nil
    }

    /// true when the object's latest lifecycle change creates it, false when it deletes it,
    /// nil when neither is staged (the file decides).
    func stagedExistence(tableSlot: Int, key: Int64) -> Bool? {
        guard let position = objects[FileEditor.ObjectID(tableSlot: tableSlot, key: key)]?.lifecycle else { return nil }
        return items[position].isCreation
    }

    /// Whether the object has any staged change.
    func isStaged(tableSlot: Int, key: Int64) -> Bool {
        objects[FileEditor.ObjectID(tableSlot: tableSlot, key: key)] != nil
    }

    /// The highest key staged as a creation in the table, if any.
    func highestCreatedKey(tableSlot: Int) -> Int64? { highestCreated[tableSlot] }

    /// Whether any change to the table is staged.
    func touches(tableSlot: Int) -> Bool { touchedTables[tableSlot] != nil }
}

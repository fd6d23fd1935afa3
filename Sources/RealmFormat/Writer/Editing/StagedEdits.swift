/// The changes a `FileEditor` has staged, in the order they were made, with an index that
/// answers "which staged change decides this property of this object?" and "does this object
/// exist?" in constant time. Without it every lookup scanned all staged changes backwards, so
/// staging N changes (an import of N objects, `update` of N objects) took time quadratic in N.
///
/// Backlink entries change one origin at a time (`adjustBacklinks`): the latest staged entry
/// of the object is changed in place rather than copied into a new change, so that linking N
/// objects to one target costs O(N), not O(N²) time and memory.
///
/// The index is kept in step with the list through every way it changes: `append` and
/// `adjustBacklinks`, dropping what a failed staging step did (`rollback(to:)`, which undoes
/// each step in reverse), and `removeAll` after a commit.
struct StagedEdits: RandomAccessCollection {
    typealias Edit = FileEditor.Edit

    /// The latest staged changes of one object, as positions in `items`.
    private struct ObjectEntry {
        /// The latest creation or deletion of the object.
        var lifecycle: Int?
        /// The latest change of each property, by leaf index.
        var byLeaf: [Int: Int] = [:]
    }

    /// What one `append` changed in the index, so that `rollback(to:)` can put it back.
    private struct Undo {
        let object: FileEditor.ObjectID
        /// nil: the object's lifecycle entry; otherwise the property's leaf index.
        let leafIndex: Int?
        let previous: Int?
        let previousHighestCreated: Int64??
    }

    /// One step to undo: an appended change, or an in-place change of a backlink entry (origins
    /// appended at its end, or removed by moving the last one into the hole: `removed` holds
    /// each removal's index and origin, in order).
    private enum Step {
        case appended(Undo)
        case backlinks(position: Int, appended: Int, removed: [(index: Int, origin: Int64)])
    }

    /// A point to roll back to (`mark`, `rollback(to:)`).
    struct Mark {
        fileprivate let steps: Int
    }

    private var items: [Edit] = []
    private var objects: [FileEditor.ObjectID: ObjectEntry] = [:]
    private var undoLog: [Step] = []
    /// The highest key created so far in each table (by table slot).
    private var highestCreated: [Int: Int64] = [:]

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
            undoLog.append(.appended(Undo(object: object, leafIndex: nil, previous: entry.lifecycle, previousHighestCreated: previousHighest)))
            entry.lifecycle = position
        } else {
            let leafIndex = edit.column.leafIndex
            undoLog.append(.appended(Undo(object: object, leafIndex: leafIndex, previous: entry.byLeaf[leafIndex], previousHighestCreated: nil)))
            entry.byLeaf[leafIndex] = position
        }
        objects[object] = entry
        items.append(edit)
    }

    /// The current state, to roll back to.
    var mark: Mark { Mark(steps: undoLog.count) }

    /// Undoes every step taken since `mark` (a staging step that failed), newest first.
    mutating func rollback(to mark: Mark) {
        while undoLog.count > mark.steps, let step = undoLog.popLast() {
            switch step {
            case let .appended(undo):
                guard let edit = items.popLast() else { return }
                var entry = objects[undo.object] ?? ObjectEntry()
                if let leafIndex = undo.leafIndex {
                    entry.byLeaf[leafIndex] = undo.previous
                } else {
                    entry.lifecycle = undo.previous
                }
                if case let .some(highest) = undo.previousHighestCreated { highestCreated[edit.table.slot] = highest }
                objects[undo.object] = entry.lifecycle == nil && entry.byLeaf.isEmpty ? nil : entry
            case let .backlinks(position, appended, removed):
                modifyBacklinks(at: position) { origins in
                    origins.removeLast(Swift.min(appended, origins.count))
                    for (index, origin) in removed.reversed() {
                        origins.append(origin)
                        if index < origins.count - 1 { origins.swapAt(index, origins.count - 1) }
                    }
                }
            }
        }
    }

    /// The position of the latest staged change deciding a backlink entry, when it is a
    /// backlink change (which `adjustBacklinks` can change in place).
    func backlinkChange(tableSlot: Int, key: Int64, leafIndex: Int) -> Int? {
        guard let entry = objects[FileEditor.ObjectID(tableSlot: tableSlot, key: key)] else { return nil }
        let position = Swift.max(entry.lifecycle ?? -1, entry.byLeaf[leafIndex] ?? -1)
        guard position >= 0, case .backlinks = items[position].change else { return nil }
        return position
    }

    /// Changes the backlink change at `position` by `delta` entries of `origin`: added at the
    /// end, or removed as realm-core removes backlinks (§6.14: the last entry moves into the
    /// hole of the first matching one), in place.
    mutating func adjustBacklinks(at position: Int, origin: Int64, delta: Int) {
        var removed: [(index: Int, origin: Int64)] = []
        modifyBacklinks(at: position) { origins in
            if delta > 0 {
                origins.append(contentsOf: repeatElement(origin, count: delta))
                return
            }
            for _ in 0..<(-delta) {
                guard let index = origins.firstIndex(of: origin) else { break }
                removed.append((index, origin))
                origins.swapAt(index, origins.count - 1)
                origins.removeLast()
            }
        }
        undoLog.append(.backlinks(position: position, appended: Swift.max(delta, 0), removed: removed))
    }

    /// Mutates the origins of the backlink change at `position` without copying them.
    private mutating func modifyBacklinks(at position: Int, _ body: (inout [Int64]) -> Void) {
        // Only `origins` may hold the array while it changes, or every change would copy it.
        guard case var .backlinks(origins) = items[position].change else { return }
        let (table, key, column) = (items[position].table, items[position].key, items[position].column)
        items[position] = Edit(table: table, key: key, column: column, change: .backlinks([]))
        body(&origins)
        items[position] = Edit(table: table, key: key, column: column, change: .backlinks(origins))
    }

    mutating func removeAll() {
        items.removeAll()
        objects.removeAll()
        undoLog.removeAll()
        highestCreated.removeAll()
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
}

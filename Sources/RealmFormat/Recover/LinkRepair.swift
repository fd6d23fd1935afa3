/// Makes the salvaged tables link only to objects that were saved, as a valid file must.
///
/// A link to an object that was lost becomes null (a single link, a Mixed value, a dictionary
/// value) or leaves its list, as when Realm deletes the target. An embedded object needs
/// exactly one owner: one whose owner was lost is lost too (and with it, its own embedded
/// objects), and a second link to an embedded object that already has an owner is dropped.
/// Repeats until nothing changes.
struct LinkRepair {
    let kinds: [TableKind]

    func repair(_ tables: inout [TableSalvager]) {
        while true {
            var saved = tables.map { Set($0.rows.map(\.key)) }
            var owned = tables.map { _ in Set<Int64>() }
            for position in tables.indices {
                repairLinks(of: &tables[position], saved: saved, owned: &owned)
            }
            var removedAny = false
            for position in tables.indices where kinds[position] == .embedded {
                let orphans = saved[position].subtracting(owned[position])
                guard !orphans.isEmpty else { continue }
                tables[position].remove(keys: orphans)
                tables[position].recordLost(objects: orphans.count, links: 0,
                                            reason: "\(orphans.count) embedded object\(orphans.count == 1 ? "" : "s") lost: the owner was not saved")
                saved[position].subtract(orphans)
                removedAny = true
            }
            guard removedAny else { return }
        }
    }

    private func repairLinks(of table: inout TableSalvager, saved: [Set<Int64>], owned: inout [Set<Int64>]) {
        let linking = table.columns.indices.filter { [.link, .typedLink, .mixed].contains(table.columns[$0].type) }
        guard !linking.isEmpty else { return }
        var lost = 0
        for row in table.rows.indices {
            for column in linking {
                let before = lost
                let value = repaired(table.rows[row].values[column], saved: saved, owned: &owned, lost: &lost)
                if lost != before { table.replaceValues(ofRow: row, column: column, with: value) }
            }
        }
        if lost > 0 {
            table.recordLost(objects: 0, links: lost, reason: "\(lost) link\(lost == 1 ? "" : "s") to objects that were not saved")
        }
    }

    private func repaired(_ value: NewValue, saved: [Set<Int64>], owned: inout [Set<Int64>], lost: inout Int) -> NewValue {
        switch value {
        case let .scalar(scalar):
            guard keeps(scalar, saved: saved, owned: &owned) else {
                lost += 1
                return .scalar(.null)
            }
            return value
        case let .list(elements):
            var kept: [RealmValue] = []
            kept.reserveCapacity(elements.count)
            for element in elements {
                if keeps(element, saved: saved, owned: &owned) { kept.append(element) } else { lost += 1 }
            }
            return .list(kept)
        case let .mixedList(items):
            // As Realm does when it deletes a target: a link leaves a Mixed list (a dictionary
            // keeps its key, with null).
            var kept: [NewValue] = []
            kept.reserveCapacity(items.count)
            for item in items {
                if case let .scalar(scalar) = item, !keeps(scalar, saved: saved, owned: &owned) {
                    lost += 1
                } else {
                    kept.append(repaired(item, saved: saved, owned: &owned, lost: &lost))
                }
            }
            return .mixedList(kept)
        case let .dictionary(entries):
            return .dictionary(entries.map {
                DictionaryEntry(key: $0.key, value: repaired($0.value, saved: saved, owned: &owned, lost: &lost))
            })
        }
    }

    /// Whether a value may stay: anything but a link, or a link to a saved object (for an
    /// embedded target, the first link to it).
    private func keeps(_ value: RealmValue, saved: [Set<Int64>], owned: inout [Set<Int64>]) -> Bool {
        let table: UInt32
        let key: Int64
        switch value {
        case let .link(target, targetKey), let .typedLink(target, targetKey):
            table = target
            key = targetKey
        default:
            return true
        }
        let position = Int(table)
        guard position < saved.count, saved[position].contains(key) else { return false }
        guard kinds[position] == .embedded else { return true }
        return owned[position].insert(key).inserted
    }
}

/// Backlinks against forward links, both ways (§4.5, §6.14): every link occurrence (single
/// links, lists, sets and dictionaries of links, links in Mixed values at any depth) has one
/// backlink from its origin in the target, every backlink has its link, no link points at a
/// missing object, and every embedded object has exactly one owner.
extension FileVerifier {
    /// Counts the links a value holds (at any depth of nested collections), from `origin`.
    func recordLinks(in value: RealmValue, column: Column, table: Table, origin: Int64) {
        let target: (UInt32, Int64)
        switch value {
        case let .link(linked, key):
            target = (column.type == .mixed || column.type == .typedLink ? linked : column.targetTableKey ?? linked, key)
        case let .typedLink(linked, key):
            target = (linked, key)
        default:
            return
        }
        forwardLinks.add(LinkTally.Target(originTable: table.key, originColumn: column.key.rawValue, targetTable: target.0,
                                          targetKey: target.1), origin: origin)
    }

    /// Counts the backlinks of one object in one backlink column.
    func recordBacklinks(_ origins: [Int64], column: Column, table: Table, key: Int64) {
        guard let originTable = column.targetTableKey, let originColumn = column.oppositeColumnKey else { return }
        let target = LinkTally.Target(originTable: originTable, originColumn: originColumn.rawValue, targetTable: table.key, targetKey: key)
        for origin in origins { backwardLinks.add(target, origin: origin) }
    }

    func checkBacklinks() {
        let forward = forwardLinks.counts
        let backward = backwardLinks.counts
        for (target, count) in forward where backward[target] != count {
            reportMismatch(target, links: count, backlinks: backward[target])
        }
        for (target, count) in backward where forward[target] == nil {
            reportMismatch(target, links: nil, backlinks: count)
        }
    }

    private func reportMismatch(_ target: LinkTally.Target, links: LinkTally.Count?, backlinks: LinkTally.Count?) {
        let targetTable = file.table(withKey: target.targetTable)
        let originTable = file.table(withKey: target.originTable)
        let originColumn = originTable?.allColumns.first { $0.key.rawValue == target.originColumn }
        let via = "\(originTable?.name ?? "table key \(target.originTable)").\(originColumn?.name ?? "column \(target.originColumn)")"
        let exists = (try? targetTable?.objects.find(key: target.targetKey)) != nil
        let message: String
        if links != nil, !exists {
            message = "\(links?.links ?? 0) link(s) from \(via) point at this object, which does not exist"
        } else if let links, backlinks == nil {
            message = "\(links.links) link(s) from \(via) have no backlink here"
        } else if links == nil, let backlinks {
            message = "\(backlinks.links) backlink(s) from \(via) match no link"
        } else {
            let same = links?.links == backlinks?.links
            message = "\(links?.links ?? 0) link(s) from \(via), \(backlinks?.links ?? 0) backlink(s)" + (same ? " from other objects" : "")
        }
        report(VerificationProblem(.backlinks, table: targetTable?.name ?? "table key \(target.targetTable)", objectKey: target.targetKey,
                                   message))
    }
}

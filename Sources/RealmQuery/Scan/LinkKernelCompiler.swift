import RealmFormat

/// Compiles a comparison whose key path starts by following links into a `LinkKernel` over
/// the rest of the path on the linked table.
struct LinkKernelCompiler {
    let compiler: KernelCompiler

    func kernel(_ path: BoundPath, _ operation: PathOperation?, _ quantifier: Quantifier?, _ op: ComparisonOperator,
                _ options: StringOptions, _ constants: [RealmValue], on table: Table) -> ScanKernel? {
        guard operation != .type, let first = path.steps.first else { return nil }
        let file = compiler.file
        let traversal: LinkKernel.Traversal
        let target: Table
        switch first {
        case let .property(column) where column.isLink:
            guard let key = column.targetTableKey, let linked = file.table(withKey: key) else { return nil }
            target = linked
            switch column.collection {
            case nil: traversal = .single(column)
            case .list?, .set?:
                guard let elements = CollectionElements(column: column, file: file) else { return nil }
                traversal = .list(column, elements)
            case .dictionary?: return nil
            }
        case let .backlinks(origin, backlinkColumn):
            target = origin
            traversal = .backlinks(backlinkColumn, CollectionElements(backlinksIn: file))
        default:
            return nil
        }
        let written = quantifier ?? .anyMatch
        let isSingle: Bool
        if case .single = traversal { isSingle = true } else { isSingle = false }
        // Through a list, ALL asks every linked object for ALL; ANY and NONE ask for ANY.
        let innerQuantifier: Quantifier? = isSingle ? quantifier : (written == .allMatch ? .allMatch : .anyMatch)
        // The rest keeps the whole path's multiplicity: it decides whether a broken single
        // link reads as one null value (single-valued paths) or as no values.
        let rest = BoundPath(origin: .root, steps: Array(path.steps.dropFirst()), terminal: path.terminal,
                             isMulti: path.isMulti, range: path.range, isBehindLinks: true)
        let innerPredicate = BoundPredicate.comparison(.path(rest, operation: operation, quantifier: innerQuantifier), op, options,
                                                       .constant(constants, isList: false))
        let inner = compiler.compile(innerPredicate, on: target)
        return LinkKernel(traversal: traversal, target: target, inner: inner, quantifier: written,
                          brokenAnswer: brokenAnswer(path, operation, written, op, options, constants))
    }

    /// What a broken single link answers: the comparison over one null value where the whole
    /// path is single-valued, over no values otherwise.
    private func brokenAnswer(_ path: BoundPath, _ operation: PathOperation?, _ quantifier: Quantifier,
                              _ op: ComparisonOperator, _ options: StringOptions, _ constants: [RealmValue]) -> Bool {
        guard operation == nil, path.readsNullWhenBroken else {
            return quantifier != .anyMatch
        }
        let matched = constants.contains { ValueComparator.matches(.null, op, $0, options: options) }
        return quantifier == .noneMatch ? !matched : matched
    }
}

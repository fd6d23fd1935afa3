import RealmFormat

/// `x == a OR x == b OR ...` compiled as one test of `x` against {a, b, ...}: one pass over
/// the column instead of one per constant (strings compare each slot with every constant
/// while it is in cache).
///
/// Equalities on the same single-valued property with the same options are merged into the
/// kernel of `x IN {a, b, ...}`, which the general rules define as the same thing; the other
/// parts of the OR, and groups whose merged form has no kernel, are compiled as written.
struct OrEqualities {
    let compiler: KernelCompiler
    let table: Table

    private struct Group {
        let path: BoundPath
        let options: StringOptions
        var constants: [RealmValue]
        var parts: [BoundPredicate]
    }

    func kernels(for parts: [BoundPredicate]) -> [ScanKernel] {
        var groups: [Group] = []
        var others: [BoundPredicate] = []
        for part in parts {
            guard let (path, options, constant) = equality(part) else {
                others.append(part)
                continue
            }
            if let index = groups.firstIndex(where: { $0.options == options && OrEqualities.sameProperty($0.path, path) }) {
                groups[index].constants.append(constant)
                groups[index].parts.append(part)
            } else {
                groups.append(Group(path: path, options: options, constants: [constant], parts: [part]))
            }
        }
        var kernels: [ScanKernel] = []
        for group in groups {
            if group.parts.count > 1,
               let merged = compiler.comparison(.path(group.path, operation: nil, quantifier: nil), .in, group.options,
                                                .constant(group.constants, isList: true), on: table) {
                kernels.append(merged)
            } else {
                kernels += group.parts.map { compiler.compile($0, on: table) }
            }
        }
        return kernels + others.map { compiler.compile($0, on: table) }
    }

    /// `property == constant` (either way round) on a single-valued property of the table.
    private func equality(_ predicate: BoundPredicate) -> (BoundPath, StringOptions, RealmValue)? {
        guard case let .comparison(left, op, options, right) = predicate, op == .equal,
              let shape = KernelCompiler.normalized(left, op, right), shape.op == .equal,
              shape.operation == nil, shape.quantifier == nil, shape.constants.count == 1,
              shape.path.origin == .root, shape.path.steps.count == 1,
              case let .property(column) = shape.path.steps[0], column.collection == nil,
              // `x == NaN` on a float or double never holds (IEEE), `x IN {NaN}` holds for NaN
              // (Realm's order of Mixed values, see `NumericMode`): such parts stay apart.
              NumericOrder.isNaN(shape.constants[0]) != true else { return nil }
        return (shape.path, options, shape.constants[0])
    }

    private static func sameProperty(_ a: BoundPath, _ b: BoundPath) -> Bool {
        guard case let .property(x) = a.steps[0], case let .property(y) = b.steps[0] else { return false }
        return x.key == y.key
    }
}

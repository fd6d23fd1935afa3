/// What the object store expects besides the tables' own structure (§4.6, §9): a `metadata`
/// table with one `version` object beside the classes, and a history of a known type whose
/// root is where the type says and readable (an SDK opening the file reads it first).
extension FileVerifier {
    func checkMetadata() {
        guard !file.classTables.isEmpty else { return }
        guard let metadata = file.table(named: "metadata") else {
            report(VerificationProblem(.metadata, "the file has classes but no metadata table (the schema version)"))
            return
        }
        guard let version = metadata.column(named: "version"), version.type == .int, version.collection == nil else {
            report(VerificationProblem(.metadata, table: metadata.name, "the metadata table has no int column \"version\""))
            return
        }
        if metadata.objects.count != 1 {
            report(VerificationProblem(.metadata, table: metadata.name, column: version.name,
                                       "the metadata table holds \(metadata.objects.count) objects; the schema version needs exactly one"))
        }
    }

    func checkHistory() {
        guard let top = file.top else { return }
        let reader = RawNodeReader(file: file.mapped.bytes)
        guard let topNode = reader.node(at: top.ref), topNode.size >= 9 else { return }
        let root = reader.element(topNode, 8) ?? 0
        func problem(_ message: String) { report(VerificationProblem(.history, offset: top.ref, message)) }
        switch top.historyType {
        case .none:
            if root != 0 { problem("history type none, but top slot 8 holds \(root)") }
        case .inRealm:
            guard root != 0 else { return }
            do {
                let context = "in-realm history"
                let tree = BPlusTree(root: try file.mapped.bytes.node(at: root, context: context), context: context)
                try tree.forEachLeaf { leaf throws(RealmFormatError) in
                    let changesets = try BlobLeaf(node: leaf, isString: false)
                    for index in 0..<changesets.count { _ = try changesets.element(index) }
                }
            } catch {
                report(.history, error)
            }
        case .syncClient, .syncServer:
            if root == 0 { return }
            guard let node = reader.node(at: Int(clamping: root)), node.hasRefs else {
                problem("the sync history root at \(root) is not a readable has-refs node")
                return
            }
        case .outOfRealm, .unknown:
            problem("history type \(reader.element(topNode, 7).map { String($0 >> 1) } ?? "?") is not one realm-core opens")
        }
    }
}

/// A top array recovery can start from: the header's live one, the header's other slot (the
/// version before the last commit), or one found by searching the file when the header is
/// damaged. Only the table list is required of it; free lists and history may be lost.
struct TopCandidate {
    enum Origin: Equatable {
        case header
        case previousHeaderSlot
        case search
    }

    let ref: Int64
    let origin: Origin
    let names: BlobLeaf
    let tableRefs: Node
    /// The commit number (top slot 6), 0 when the slot is missing or unreadable.
    let version: Int64

    /// The array at `ref` read as a top, or nil when it cannot be one: a has-refs node of a
    /// size realm-core writes, whose first slot is a string leaf naming as many tables as its
    /// second slot lists.
    init?(ref: Int64, origin: Origin, file: FileBytes) {
        guard let top = try? file.node(at: ref, context: "top array"), top.hasRefs, !top.isInner,
              GroupTop.validSizes.contains(top.size),
              case let .ref(namesRef)? = try? top.slot(0), case let .ref(tablesRef)? = try? top.slot(1),
              case .tagged? = try? top.slot(2),
              let namesNode = try? file.node(at: namesRef, context: "table names"), !namesNode.hasRefs,
              let names = try? BlobLeaf(node: namesNode, isString: true),
              let tableRefs = try? file.node(at: tablesRef, context: "tables"), tableRefs.hasRefs, !tableRefs.isInner,
              tableRefs.size == names.count else { return nil }
        self.ref = ref
        self.origin = origin
        self.names = names
        self.tableRefs = tableRefs
        if top.size >= 7, case let .tagged(version)? = try? top.slot(6) {
            self.version = version
        } else {
            version = 0
        }
    }

    /// Every top array in the file other than the header's live one, newest version first
    /// (the header's other slot among them): where recovery looks when the header or its top
    /// is damaged.
    static func search(in file: FileBytes, header: FileHeader?) -> [TopCandidate] {
        let previous = header.map { $0.selectedSlot == 0 ? $0.topRefs.1 : $0.topRefs.0 }
        var found: [TopCandidate] = []
        var offset = 24
        let reader = RawNodeReader(file: file)
        while offset + 8 <= file.count {
            defer { offset += 8 }
            guard Int64(offset) != header?.topRef, let raw = reader.node(at: offset), raw.hasRefs, raw.widthType == 0,
                  GroupTop.validSizes.contains(raw.size),
                  let candidate = TopCandidate(ref: Int64(offset), origin: Int64(offset) == previous ? .previousHeaderSlot : .search,
                                               file: file) else { continue }
            found.append(candidate)
        }
        found.sort { ($0.version, $0.ref) > ($1.version, $1.ref) }
        return found
    }
}

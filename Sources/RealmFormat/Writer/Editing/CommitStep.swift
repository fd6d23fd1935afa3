/// The step of a commit's writing (realm-file-format.md §8), named in its error.
enum CommitStep {
    case writingNodes
    case syncingNodes
    case writingHeader
    case flippingSelectBit

    var description: String {
        switch self {
        case .writingNodes: return "writing the new nodes"
        case .syncingNodes: return "syncing the new nodes"
        case .writingHeader: return "writing the header's other slot"
        case .flippingSelectBit: return "flipping the select bit"
        }
    }
}

/// The free lists of a top array (slots 3-5): positions, lengths and versions, which must have
/// equal sizes and describe 8-aligned, non-empty ranges.
struct FreeListReader {
    let reader: RawNodeReader
    let top: RawNodeReader.Header

    func entries() -> Result<[(range: Range<Int>, version: Int64)], VerificationProblem> {
        func problem(_ offset: Int, _ message: String) -> Result<[(range: Range<Int>, version: Int64)], VerificationProblem> {
            .failure(VerificationProblem(.space, offset: offset, message))
        }
        guard let positionsRef = reader.element(top, 3), let lengthsRef = reader.element(top, 4) else {
            return problem(top.ref, "the free-list slots of the top array are unreadable")
        }
        guard positionsRef != 0, lengthsRef != 0 else {
            return positionsRef == lengthsRef ? .success([]) : problem(top.ref, "one free list is missing")
        }
        guard let positions = reader.node(at: Int(clamping: positionsRef)), let lengths = reader.node(at: Int(clamping: lengthsRef)) else {
            return problem(top.ref, "a free list is not a readable node")
        }
        guard positions.size == lengths.size, !positions.hasRefs, !lengths.hasRefs else {
            return problem(positions.ref, "free-list positions (\(positions.size)) and lengths (\(lengths.size)) disagree or hold refs")
        }
        var versions: RawNodeReader.Header?
        if top.size >= 7, let versionsRef = reader.element(top, 5), versionsRef != 0 {
            guard let node = reader.node(at: Int(clamping: versionsRef)), node.size == positions.size, node.widthType == 0 else {
                return problem(Int(clamping: versionsRef), "free-list versions do not match the positions (\(positions.size))")
            }
            versions = node
        }
        var entries: [(range: Range<Int>, version: Int64)] = []
        entries.reserveCapacity(positions.size)
        for index in 0..<positions.size {
            guard let position = reader.element(positions, index).map({ Int(clamping: $0) }),
                  let length = reader.element(lengths, index).map({ Int(clamping: $0) }) else {
                return problem(positions.ref, "free entry \(index) is unreadable")
            }
            guard position % 8 == 0, length % 8 == 0, length > 0, position >= 0, position <= Int.max - length else {
                return problem(positions.ref, "free entry \(index) (\(position), \(length) bytes) is misaligned or empty")
            }
            let version = versions.flatMap { reader.element($0, index) } ?? 0
            entries.append((position..<position + length, version))
        }
        return .success(entries)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shared, writable mapping of the first `length` bytes of a lock file.
///
/// The lock file is shared memory between the Realm processes of a session: a reader must map
/// it `MAP_SHARED` so that its increments are seen by the writer and the mutexes inside it are
/// the same futexes the app uses. Every load and store is bounds-checked against the mapping,
/// so a damaged `entries` count cannot make us touch memory outside it.
final class LockFileMapping {
    let length: Int
    private let base: UnsafeMutableRawPointer

    init(descriptor: Int32, length: Int, path: String) throws(LockFileError) {
        guard length > 0 else { throw .cannotOpen(path: path, reason: "nothing to map") }
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            throw .cannotOpen(path: path, reason: "mmap failed: " + String(cString: strerror(errno)))
        }
        base = address
        self.length = length
    }

    deinit {
        munmap(base, length)
    }

    func contains(_ offset: Int, _ count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= length && count <= length - offset
    }

    /// The address of `count` bytes at `offset` (for the mutexes, which glibc must see in place).
    func pointer(at offset: Int, count: Int) -> UnsafeMutableRawPointer? {
        contains(offset, count) ? base + offset : nil
    }

    /// A little-endian integer at `offset`, or nil past the mapping.
    func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T? {
        guard contains(offset, MemoryLayout<T>.size) else { return nil }
        return T(littleEndian: (base + offset).loadUnaligned(as: T.self))
    }

    /// Stores a little-endian integer at `offset`; false (and nothing written) past the mapping.
    @discardableResult
    func store<T: FixedWidthInteger>(_ value: T, at offset: Int) -> Bool {
        guard contains(offset, MemoryLayout<T>.size) else { return false }
        (base + offset).storeBytes(of: value.littleEndian, as: T.self)
        return true
    }
}

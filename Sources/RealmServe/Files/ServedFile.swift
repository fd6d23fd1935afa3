#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmShell
import RealmInterchange

/// One of the files `serve` answers for: its place in the list made at start (requests name
/// files by that index, never by a path), its own session (its own version read, lock handling,
/// transaction) and whether it can be written. A file that could not be opened stays in the
/// list with the reason, so the page can say why; nothing over HTTP can give it a key.
final class ServedFile {
    let index: Int
    let path: String
    /// The file's name (its path's last part), what the page lists.
    let name: String
    /// nil when the file could not be opened (`problem` says why).
    let api: ServeAPI?
    let problem: String?
    /// `--write` given and the file of a format that can be written.
    let writable: Bool

    init(index: Int, path: String, api: ServeAPI?, problem: String?, writable: Bool) {
        self.index = index
        self.path = path
        name = path.split(separator: "/").last.map(String.init) ?? path
        self.api = api
        self.problem = problem
        self.writable = writable
    }

    /// The one file of `serve FILE`, opened in the REPL's session.
    convenience init(api: ServeAPI, writable: Bool) {
        self.init(index: 0, path: api.session.file?.path ?? "", api: api, problem: nil, writable: writable)
    }

    /// Opens each of `paths` in a session of its own. A plain file opens as it is; an encrypted
    /// one with the key given on the command line (`--key`, `--key-file`, `REALM_BROWSER_KEY`),
    /// or not at all. A file of formats 5 to 11 is served read-only even with `--write`.
    static func open(_ paths: [String], keys: KeyOptions, writable: Bool, environment: [String: String]?) -> [ServedFile] {
        paths.enumerated().map { index, path in
            let session = Session(output: BufferedOutput())
            session.environment = environment
            // Notices (an old format converted) are for the terminal, not for a request's answer.
            session.notices = BufferedOutput()
            session.cancellation = CommandInterrupts.cancellation
            do throws(BrowserError) {
                try open(path, keys: keys, in: session)
            } catch {
                return ServedFile(index: index, path: path, api: nil, problem: error.description, writable: false)
            }
            return ServedFile(index: index, path: path, api: ServeAPI(session: session), problem: nil,
                              writable: writable && session.file?.source == nil)
        }
    }

    /// A key given is used only for the files that turn out to be encrypted: one key for a
    /// directory of plain files and one encrypted file.
    private static func open(_ path: String, keys: KeyOptions, in session: Session) throws(BrowserError) {
        do {
            try session.open(path: path)
        } catch let error {
            guard case .file(.encryptedWithoutKey) = error else { throw error }
            guard let key = try keys.key(environment: session.environment) else {
                throw .invalidValue("\(path) is encrypted: give its key when starting serve (--key-file KEYFILE, --key HEX or REALM_BROWSER_KEY)")
            }
            try session.open(path: path, key: key)
        }
    }

    /// The paths `serve` was given, a directory standing for the `.realm` files directly in it
    /// (found now: files added later are not served), in name order.
    static func expand(_ paths: [String]) throws(BrowserError) -> [String] {
        var found: [String] = []
        for path in paths {
            guard isDirectory(path) else {
                found.append(path)
                continue
            }
            guard let directory = opendir(path) else { throw .invalidValue("cannot read the directory \(path)") }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let full = (path.hasSuffix("/") ? path : path + "/") + name
                if name.hasSuffix(".realm"), name != ".realm", isRegularFile(full) { names.append(full) }
            }
            guard !names.isEmpty else { throw .invalidValue("\(path) has no .realm files") }
            found += names.sorted()
        }
        return found
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The file's size on disk now (nil when it cannot be read).
    var size: Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}

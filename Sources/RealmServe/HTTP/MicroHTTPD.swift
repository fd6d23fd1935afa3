import CMicroHTTPD
import RealmShell

/// GNU libmicrohttpd's functions, loaded the first time `serve` starts (shim.h says why it is
/// not linked: every other run of the tool would pay for mapping it and its TLS libraries).
enum MicroHTTPD {
    /// The loaded library, for the life of the process, or why it could not be loaded.
    nonisolated(unsafe) static let library: Result<UnsafePointer<rb_mhd_library>, BrowserError> = {
        let library = UnsafeMutablePointer<rb_mhd_library>.allocate(capacity: 1)
        library.initialize(to: rb_mhd_library())
        if let failure = rb_mhd_load(library) {
            let reason = String(cString: failure)
            library.deallocate()
            return .failure(.notNow("serve needs GNU libmicrohttpd (Debian's libmicrohttpd12; scripts/setup.sh installs it): \(reason)"))
        }
        return .success(UnsafePointer(library))
    }()

    static func load() throws(BrowserError) -> UnsafePointer<rb_mhd_library> {
        try library.get()
    }
}

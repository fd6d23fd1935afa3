import RealmFormat

/// Told how far long work has come (objects exported), for a progress bar the caller draws.
public protocol ProgressListener: AnyObject {
    func update(_ done: Int)
}

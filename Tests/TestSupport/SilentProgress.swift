import RealmInterchange

/// Progress nobody watches, for exports run by tests.
public final class SilentProgress: ProgressListener {
    public init() {}
    public func update(_ done: Int) {}
}

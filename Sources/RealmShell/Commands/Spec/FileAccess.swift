/// How a command reads the open file.
public enum FileAccess: Sendable {
    /// Reads only the open file and the session's navigation state: it reads one version
    /// (the one a running app registered, or the newest, checked afterwards) and runs again,
    /// its output discarded, when another process committed meanwhile.
    case oneVersion
    /// Does not read the open file (`open`, `help`, `generate`): runs as it is, even when the
    /// file went away, and another process's commits are no reason to reopen it.
    case none
    /// Runs other commands itself, each through `ConsistentRead` with the guarantees of its
    /// own access (`watch`); never held or run again as a whole.
    case runsCommands
    /// Changes the file or the session's state from the newest version (editing commands):
    /// catches up with other processes' commits first, then runs once.
    case newestVersion
}

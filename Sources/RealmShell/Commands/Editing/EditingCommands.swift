import RealmFormat

/// The commands that change the open file. On a file read through a format-24 image (formats
/// 5-11) they are refused before they read or parse anything, with the one sentence the image's
/// source gives (`ImageSource.editRefusal`): the original must never be written, and an edit of
/// the image would be lost.
enum EditingCommands {
    static let names: Set<String> = ["set", "update", "create", "delete", "add", "append", "remove", "move",
                                     "begin", "commit", "import", "rename", "change"]

    static func refuseOnImage(_ command: CommandSpec, session: Session) throws(BrowserError) {
        guard names.contains(command.name), let source = session.file?.source else { return }
        throw .file(.refusedEdit(source.editRefusal))
    }
}

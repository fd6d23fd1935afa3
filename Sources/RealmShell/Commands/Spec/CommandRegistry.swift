/// Every command, in the order `help` lists them. Adding a command means adding its spec here.
public enum CommandRegistry {
    public static let commands: [CommandSpec] = [
        ClassesCommand.spec,
        SchemaCommand.spec,
        ShowCommand.spec,
        FindCommand.spec,
        SortCommand.spec,
        MoreCommand.spec,
        CdCommand.spec,
        BackCommand.spec,
        BacklinksCommand.spec,
        CountCommand.spec,
        StatsCommand.spec,
        SetCommand.spec,
        UpdateCommand.spec,
        CreateCommand.spec,
        DeleteCommand.spec,
        AddClassCommand.spec,
        RenameCommand.spec,
        ChangeTypeCommand.spec,
        ListEditCommands.append,
        ListEditCommands.remove,
        ListEditCommands.move,
        Transaction.begin,
        Transaction.commit,
        Transaction.rollback,
        Transaction.status,
        DumpCommand.spec,
        ExportCommand.spec,
        ImportCommand.spec,
        ModelsCommand.spec,
        GenerateCommand.spec,
        CompactCommand.spec,
        VerifyCommand.spec,
        RecoverCommand.spec,
        CompactCommand.upgradeSpec,
        LoadCommand.spec,
        DiffCommand.spec,
        WatchCommand.spec,
        InfoCommand.spec,
        OutputCommands.mode,
        OutputCommands.headers,
        OutputCommands.output,
        OutputCommands.once,
        TimerCommand.spec,
        OpenCommand.spec,
        HelpCommand.spec,
        QuitCommand.spec,
        QuitCommand.discarding,
    ]

    public static var allNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases }
    }

    public static func command(named name: String) -> CommandSpec? {
        let lowered = name.lowercased()
        return commands.first { $0.name == lowered || $0.aliases.contains(lowered) }
    }
}

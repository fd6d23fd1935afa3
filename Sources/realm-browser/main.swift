#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmInterchange
import RealmServe
import RealmShell

// realm-browser: arguments, the input loop and the exit status; everything else is RealmShell
// (and RealmServe for `serve`).

AllocatorTuning.keepFreedMemory()
let errors = StandardOutput(descriptor: 2)
let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    errors.line("realm-browser: \(error)\nTry 'realm-browser --help'.")
    errors.flush()
    exit(ExitStatus.usage.rawValue)
}
// A key given with --key shows in `ps` and /proc/PID/cmdline: overwrite it there once read
// (it was visible until now; --help recommends --key-file or REALM_BROWSER_KEY).
for index in 1..<max(1, Int(CommandLine.argc) - 1) {
    if let flag = CommandLine.unsafeArgv[index], String(cString: flag) == "--key", let value = CommandLine.unsafeArgv[index + 1] {
        memset(value, Int32(UInt8(ascii: "x")), strlen(value))
    }
}
if options.showHelp || options.showVersion {
    print(options.showHelp ? CommandLineOptions.usage : CommandLineOptions.version, terminator: options.showHelp ? "" : "\n")
    exit(ExitStatus.success.rawValue)
}

let session = Session(output: StandardOutput())
session.notices = errors
session.pageSize = options.pageSize
session.outputMode = options.mode ?? (options.json ? .jsonl : .table)
session.showsHeaders = !options.noHeaders
session.terminal = TerminalSettings.detect(interactive: isatty(0) == 1 && options.commands == nil && options.scriptFiles.isEmpty
                                           && options.diffArguments == nil && options.serveArguments == nil)
let keyVariable = "REALM_BROWSER_KEY"
let environment = getenv(keyVariable).map { [keyVariable: String(cString: $0)] } ?? [:]
// `diff A B`, `verify FILE`, `open FILE` and the other commands that open a file read the key from here too.
session.environment = environment
if let diffArguments = options.diffArguments {
    exit(DiffCommand.commandLine(diffArguments, session: session, errors: errors).rawValue)
}
if let serveArguments = options.serveArguments {
    exit(ServeCommand.commandLine(serveArguments, session: session, output: StandardOutput(), errors: errors).rawValue)
}
let runner = ScriptRunner(session: session, errors: errors, bail: options.bail)
// Ctrl-C stops the running command (and, in a script, the script) rather than the process.
session.cancellation = CommandInterrupts.cancellation
if let path = options.path {
    do {
        try options.open(path, in: session, environment: environment)
    } catch {
        errors.line("realm-browser: \(error)")
        errors.flush()
        exit(ExitStatus.failure.rawValue)
    }
}

if options.commands != nil || !options.scriptFiles.isEmpty {
    CommandInterrupts.install()
    exit(ScriptInputs.run(commands: options.commands, scriptFiles: options.scriptFiles, runner: runner).rawValue)
}

guard isatty(0) == 1 else {
    CommandInterrupts.install()
    exit(runner.run(lines: AnySequence { AnyIterator { readLine(strippingNewline: true) } }).rawValue)
}

print("realm-browser: \(session.file.map { "\($0.path), \($0.classTables.count) classes" } ?? "no file open (use: open FILE)"). Type 'help' for help.")
LineEditor.start(session: session)
session.askUser = { question in LineEditor.answer(prompt: question) }
var statement = StatementAccumulator()
var endsInARow = 0
while !session.wantsToQuit {
    let prompt = statement.isContinuing ? LineEditor.continuationPrompt(for: session.prompt) : session.prompt
    let read = LineEditor.readLine(prompt: prompt, fresh: session.prompt)
    // Ctrl-C dropped the line being typed: the statement it continued goes with it.
    if LineEditor.takeDiscarded() { statement = StatementAccumulator() }
    guard let line = read else {
        // Ctrl-D: leave like 'quit', asking first about staged changes. A terminal that keeps
        // reporting end of input (it went away) cannot answer; leave then, saying so.
        print()
        endsInARow += 1
        if PendingChangesQuestion.endOfInput(session) { break }
        if endsInARow >= 3 {
            errors.line("realm-browser: the input ended; \(session.pendingChangeCount) staged change(s) were not committed (the file is untouched)")
            errors.flush()
            LineEditor.finish()
            exit(ExitStatus.failure.rawValue)
        }
        continue
    }
    endsInARow = 0
    if let complete = statement.add(line) {
        // A Ctrl-C that came between commands is not meant for the next one.
        CommandInterrupts.cancellation.clear()
        runner.run(line: complete, origin: nil)
    }
}
LineEditor.finish()
exit(ExitStatus.success.rawValue)

/// `-c COMMANDS` and `-f SCRIPT` together: the commands first, then each script file in turn,
/// one exit status for all of them.
public enum ScriptInputs {
    public static func run(commands: String?, scriptFiles: [String], runner: ScriptRunner) -> ExitStatus {
        var status = ExitStatus.success
        var inputs: [(lines: [String], source: String?)] = []
        if let commands { inputs.append(([commands], nil)) }
        for path in scriptFiles {
            do {
                inputs.append((try ScriptFile.lines(atPath: path), path))
            } catch {
                runner.errors.line("error: \(error)")
                runner.errors.flush()
                return .failure
            }
        }
        for input in inputs {
            switch runner.runWithoutFinishing(lines: input.lines, source: input.source) {
            case .success: break
            case .interrupted:
                _ = runner.finish()
                return .interrupted
            default:
                status = .failure
                if runner.bail { return status }
            }
            if runner.session.wantsToQuit { break }
        }
        return runner.finish() ? status : .failure
    }
}

import RealmFormat
import RealmInterchange

/// The class a command works on: named as its first word, or, when that word names no class
/// and the user stands on a class (`cd Specimen`) or on a find result, that class — as the
/// prompt shows it. `find name == "x"` there used to fail with "no class named 'name'".
enum ClassArgument {
    static func split(_ arguments: String, session: Session, catalog: Catalog) throws(BrowserError) -> (table: Table, rest: String)? {
        let (name, rest) = StatementSplitter.command(in: arguments)
        if name.isEmpty {
            guard let current = currentClass(session) else { return nil }
            return (current, "")
        }
        do {
            return (try catalog.table(named: name), rest)
        } catch {
            guard case .unknownClass = error, let current = currentClass(session) else { throw error }
            return (current, arguments.trimmingWhitespace())
        }
    }

    private static func currentClass(_ session: Session) -> Table? {
        switch session.path.last?.location {
        case let .table(table)?: return table
        case let .results(result)?: return result.table
        default: return nil
        }
    }
}

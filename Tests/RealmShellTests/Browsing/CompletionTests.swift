import RealmShell
import RealmInterchange
import Testing
import TestSupport

/// Tab completion through its function, on the fixtures; the expected names come from the
/// fixtures' schemas (../shared/fixtures/README.md and the JSON dumps).
@Suite("Context-aware completion", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CompletionTests {
    func open(_ fixture: String) throws -> Session {
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath(fixture))
        return session
    }

    @Test func commandsAtTheStartOfEachStatement() throws {
        guard Fixtures.requirePresent() else { return }
        let session = try open("species")
        #expect(Completer.complete("sh", session: session) == ["show"])
        #expect(Completer.complete("co", session: session) == ["commit", "compact", "count"])
        #expect(Completer.complete("mod", session: session) == ["mode", "model", "models"])
        #expect(Completer.complete("classes; sch", session: session) == ["schema"])
        #expect(Completer.complete("show Item[name = 'a;b']; hel", session: session) == ["help"])
    }

    @Test func classNamesWhereAClassIsExpected() throws {
        guard Fixtures.requirePresent() else { return }
        let session = try open("tasks")
        #expect(Completer.complete("find T", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("count Ba", session: session) == ["BankInfo"])
        #expect(Completer.complete("schema ", session: session) == ["BankInfo", "Car", "Person", "Task", "TaskList", "--dot"])
        #expect(Completer.complete("schema --dot C", session: session) == ["Car"])
        #expect(Completer.complete("models sw", session: session) == ["swift"])
        #expect(Completer.complete("models kotlin P", session: session) == ["Person"])
        #expect(Completer.complete("models g", session: session) == ["grdb"])
        #expect(Completer.complete("models grdb Car P", session: session) == ["Person"])
        #expect(Completer.complete("delete Ca", session: session) == ["Car"])
        #expect(Completer.complete("create Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("append TaskList[0].tasks Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("help tr", session: session) == ["transactions"])
        #expect(Completer.complete("open sam", session: session) == nil, "file names after open")
        #expect(Completer.complete("export c", session: session) == ["csv"])
        #expect(Completer.complete("export json Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("export json re", session: session) == ["result"])
        #expect(Completer.complete("export json out/", session: session) == nil, "a file name")
        #expect(Completer.complete("export json Task ", session: session) == nil, "the file after the class")
        #expect(Completer.complete("import csv ", session: session) == nil)
        #expect(Completer.complete("import csv tasks.csv Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("import csv tasks.csv Task --s", session: session) == ["--skip-bad"])
        #expect(Completer.complete("import j", session: session) == ["json"])
        #expect(Completer.complete("import json tasks.json Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("stats Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("stats Task is", session: session) == ["isCompleted"])
    }

    @Test func keyPathsFollowLinksInQueries() throws {
        guard Fixtures.requirePresent() else { return }
        let session = try open("species")
        // Specimen { name, specimenDescription, latitude, longitude, created, category -> Category { name } }
        #expect(Completer.complete("find Specimen categ", session: session) == ["category"])
        #expect(Completer.complete("find Specimen category.na", session: session) == ["category.name"])
        #expect(Completer.complete("find Specimen name == 'x' AND category.", session: session) == ["category.name"])
        #expect(Completer.complete("find Specimen (lat", session: session) == ["latitude"])
        #expect(Completer.complete("count Specimen NOT lo", session: session) == ["longitude"])
        let start = try #require(Completer.complete("find Specimen ", session: session))
        #expect(Array(start.prefix(6)) == ["name", "specimenDescription", "latitude", "longitude", "created", "category"])
        #expect(start.contains("NOT") && start.contains("ANY") && start.contains("TRUEPREDICATE"))
        // Through lists: TaskList.tasks -> Task, and the collection operators.
        let tasks = try open("tasks")
        #expect(Completer.complete("find TaskList tasks.isC", session: tasks) == ["tasks.isCompleted"])
        #expect(Completer.complete("find TaskList tasks.@c", session: tasks) == ["tasks.@count"])
        #expect(Completer.complete("find Person ANY banks.st", session: tasks) == ["banks.status"])
        #expect(Completer.complete("find Car owner.banks.bank_", session: tasks) == ["owner.banks.bank_accno"])
        #expect(Completer.complete("find Car owner.nope.x", session: tasks) == [])
    }

    @Test func operatorsFitThePropertyType() throws {
        guard Fixtures.requirePresent() else { return }
        let session = try open("species")
        #expect(Completer.complete("find Specimen name ", session: session)
                == ["==", "!=", "IN", "<", "<=", ">", ">=", "BETWEEN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE"])
        #expect(Completer.complete("find Specimen name BEG", session: session) == ["BEGINSWITH"])
        #expect(Completer.complete("find Specimen name be", session: session) == ["BETWEEN", "BEGINSWITH"], "any case")
        #expect(Completer.complete("find Specimen latitude ", session: session) == ["==", "!=", "IN", "<", "<=", ">", ">=", "BETWEEN"])
        #expect(Completer.complete("find Specimen category ", session: session) == ["==", "!=", "IN"])
        #expect(Completer.complete("find Specimen category.name CON", session: session) == ["CONTAINS"])
        let tasks = try open("tasks")
        #expect(Completer.complete("find TaskList tasks.@count ", session: tasks) == ["==", "!=", "IN", "<", "<=", ">", ">=", "BETWEEN"])
        #expect(Completer.complete("find Task isCompleted ", session: tasks) == ["==", "!=", "IN"])
        let alltypes = try open("alltypes")
        #expect(Completer.complete("find AllTypes fullText T", session: alltypes) == ["TEXT"], "TEXT only on a full-text indexed string")
        #expect(Completer.complete("find AllTypes stringReq T", session: alltypes) == [])
        #expect(Completer.complete("find AllTypes dataReq ", session: alltypes) == ["==", "!=", "IN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE"])
        #expect(Completer.complete("find AllTypes intDict.@", session: alltypes)
                == ["intDict.@count", "intDict.@size", "intDict.@min", "intDict.@max", "intDict.@sum", "intDict.@avg", "intDict.@keys", "intDict.@values"])
    }

    @Test func valuesKeywordsAndOrderingClauses() throws {
        guard Fixtures.requirePresent() else { return }
        let tasks = try open("tasks")
        #expect(Completer.complete("find Task isCompleted == ", session: tasks) == ["true", "false"])
        #expect(Completer.complete("find Task isCompleted == f", session: tasks) == ["false"])
        #expect(Completer.complete("find Car owner == ", session: tasks) == ["nil"])
        #expect(Completer.complete("set Task[0].isCompleted = ", session: tasks) == ["true", "false"])
        #expect(Completer.complete("find Task isCompleted == true ", session: tasks) == ["AND", "OR", "SORT(", "DISTINCT(", "LIMIT("])
        #expect(Completer.complete("find Task name BEGINSWITH[c] 'a' S", session: tasks) == ["SORT("])
        #expect(Completer.complete("find Task name == 'a' SORT(crea", session: tasks) == ["createdAt"])
        #expect(Completer.complete("find Task name == 'a' SORT(createdAt ", session: tasks) == ["ASC", "DESC"])
        #expect(Completer.complete("find Task name == 'a' SORT(createdAt DESC, na", session: tasks) == ["name"])
        #expect(Completer.complete("find Task TRUEPREDICATE SORT(name ASC) ", session: tasks) == ["SORT(", "DISTINCT(", "LIMIT("])
        #expect(Completer.complete("find Task TRUEPREDICATE DISTINCT(no", session: tasks) == ["notes"])
        #expect(Completer.complete("find Task TRUEPREDICATE LIMIT(", session: tasks) == [])
        #expect(Completer.complete("find Task name IN {'a', 'b'} O", session: tasks) == ["OR"])
        #expect(Completer.complete("find Task createdAt > 2015-03-01@12:00:00 A", session: tasks) == ["AND"])
        #expect(Completer.complete("update Task isCompleted == false S", session: tasks) == ["SORT(", "SET"])
        #expect(Completer.complete("update Task isCompleted == false SET is", session: tasks) == ["isCompleted"])
        #expect(Completer.complete("update Task isCompleted == false SET isCompleted = ", session: tasks) == ["true", "false"])
        #expect(Completer.complete("create Task ", session: tasks) == ["name", "createdAt", "notes", "isCompleted"])
        #expect(Completer.complete("create Task name = \"a, b\", is", session: tasks) == ["isCompleted"])
        #expect(Completer.complete("create Task isCompleted = t", session: tasks) == ["true"])
    }

    @Test func keyPathsInShowSetAndCd() throws {
        guard Fixtures.requirePresent() else { return }
        let session = try open("species")
        #expect(Completer.complete("show Specimen[3].cat", session: session) == ["Specimen[3].category"])
        #expect(Completer.complete("set Specimen[3].category.na", session: session) == ["Specimen[3].category.name"])
        #expect(Completer.complete("show Spe", session: session) == ["Specimen"])
        #expect(Completer.complete("set Specimen[3].category = ", session: session) == ["Category", "nil"])
        #expect(Completer.complete("set Specimen[3].category = C", session: session) == ["Category"])
        #expect(Completer.complete("set Specimen[3].name = ", session: session) == [], "a required string: nothing to offer")
        #expect(Completer.complete("set Specimen[3].name ", session: session) == [])
        // The specimen without a category still completes by the schema.
        #expect(Completer.complete("show Specimen[_key = 40].category.n", session: session) == ["Specimen[_key = 40].category.name"])
        try session.execute("cd Specimen[3]")
        #expect(Completer.complete("show cat", session: session) == ["category"])
        #expect(Completer.complete("cd category.na", session: session) == ["category.name"])
        #expect(Completer.complete("set category = ", session: session) == ["Category", "nil"])
        #expect(Completer.complete("sort crea", session: session) == [], "sort needs a find first")
        try session.execute("find Specimen name BEGINSWITH 'B'")
        #expect(Completer.complete("sort crea", session: session) == ["created"])
        #expect(Completer.complete("sort created d", session: session) == ["desc"])
    }

    /// Every prefix of real and broken lines completes without trouble, and every candidate
    /// extends the word being typed (readline replaces the word with it).
    @Test func everyPrefixGivesCandidatesForTheWord() throws {
        guard Fixtures.requirePresent() else { return }
        let session = try open("alltypes")
        let lines = [
            "find AllTypes intOpt > 5 AND (stringOpt BEGINSWITH[c] 'a' OR target.name == $0) SORT(intReq DESC, _id ASC) LIMIT(3) \"x\"",
            "count AllTypes SUBQUERY(targetList, $t, $t.value > 2).@count > 1 && mixedValue.@type == 'string'",
            "update AllTypes intDict['k0'] == 1 SET intReq = 7",
            "create Target name = \"a, b\", value = 3",
            "set AllTypes[0].address.city = 'x'; show AllTypes[_key = 3].targetList[0].na",
            "find AllTypes dateReq > 2015-03-01@12:00:00 AND uuidReq == uuid(3b241101-e2bb-4255-8caf-4136c566a962)",
            "find ((( [[ '' \"\" {{ }} )) ]] == != <= >= ! && || @ $ . , ;;",
            "models ts Target; schema --dot Tar; help sch; dump --out x",
        ]
        for line in lines {
            for length in 0...line.count {
                let prefix = String(line.prefix(length))
                let start = Completer.wordStart(in: prefix)
                let word = String(prefix.dropFirst(start)).lowercased()
                guard let candidates = Completer.complete(prefix, session: session) else { continue }
                for candidate in candidates {
                    #expect(candidate.lowercased().hasPrefix(word), "\(prefix.debugDescription): \(candidate)")
                }
            }
        }
    }

    @Test func wordStartMatchesReadlineBreaks() {
        #expect(Completer.wordStart(in: "find Specimen category.na") == 14)
        #expect(Completer.wordStart(in: "find Task name == 'a' SORT(crea") == 27)
        #expect(Completer.wordStart(in: "find Task name==") == 16)
        #expect(Completer.wordStart(in: "show Item[3].na") == 5)
        #expect(Completer.wordStart(in: "show Item[id = 3].na") == 5)
    }
}

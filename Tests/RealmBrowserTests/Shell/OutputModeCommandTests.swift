import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `mode`, `headers`, `--mode`, `output`/`once`, colors and the terminal width, through the
/// built executable. Expected values come from the fixtures' JSON dumps.
@Suite("Output modes end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct OutputModeCommandTests {
    /// Runs the executable with a controlled environment: the terminal variables the tests do
    /// not set are removed, so that the caller's shell cannot change the output.
    func run(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:],
             underTerminal: Bool = false) throws -> ExecutableTests.Run {
        let process = Process()
        var environment = ProcessInfo.processInfo.environment
        for name in ["COLUMNS", "LINES", "NO_COLOR", "CLICOLOR_FORCE", "PAGER"] { environment[name] = nil }
        environment["REALM_BROWSER_HISTORY"] = "/dev/null"
        environment.merge(extra) { $1 }
        process.environment = environment
        if underTerminal {
            // util-linux `script` gives the browser a pseudo-terminal as its standard output.
            let command = ([ExecutableTests.executable.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
        } else {
            process.executableURL = ExecutableTests.executable
            process.arguments = arguments
        }
        return try ExecutableTests.collect(process, input: input)
    }

    func table(_ name: String, in fixture: String) throws -> JSONValue {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        return try #require(dump["tables"]?.array?.first { $0["name"]?.string == name })
    }

    func objects(_ name: String, in fixture: String) throws -> [JSONValue] {
        try #require(try table(name, in: fixture)["objects"]?.array)
    }

    func columnNames(_ name: String, in fixture: String) throws -> [String] {
        try #require(try table(name, in: fixture)["columns"]?.array).map { try #require($0["name"]?.string) }
    }

    /// The dump's category name of each specimen (nil for the one without a category).
    func categoryNames() throws -> [String?] {
        let categories = try objects("class_Category", in: "species")
        return try objects("class_Specimen", in: "species").map { specimen in
            guard let key = specimen["category"]?["$link"]?.array?.last?.int else { return nil }
            return try #require(categories.first { $0["_key"]?.int == key }?["name"]?.string)
        }
    }

    @Test func jsonModePrintsOneArrayOfTheDumpObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let specimens = try objects("class_Specimen", in: "species")
        // Machine-readable modes print the whole class, not a page of 20.
        let whole = try run([Fixtures.realmPath("species"), "--mode", "json", "-c", "show Specimen"])
        #expect(whole.status == 0)
        #expect(try JSONParser.parse(whole.standardOutput) == .array(specimens))
        let ranged = try run([Fixtures.realmPath("species"), "-c", "mode json; show Specimen 3..6"])
        #expect(try JSONParser.parse(ranged.standardOutput) == .array(Array(specimens[3..<6])))
        let found = try run([Fixtures.realmPath("species"), "--mode", "json", "-c", "find Specimen name BEGINSWITH[c] 'ba'"])
        let names = try #require(JSONParser.parse(found.standardOutput).array).map { try #require($0["name"]?.string) }
        let expected = try specimens.map { try #require($0["name"]?.string) }.filter { $0.lowercased().hasPrefix("ba") }
        #expect(names == expected)
        let empty = try run([Fixtures.realmPath("species"), "--mode", "json", "-c", "find Specimen name == 'nobody'"])
        #expect(try JSONParser.parse(empty.standardOutput) == .array([]))
    }

    @Test func jsonlModeIsWhatJsonFlagPrints() throws {
        guard Fixtures.requirePresent() else { return }
        let categories = try objects("class_Category", in: "species")
        let result = try run([Fixtures.realmPath("species"), "--mode", "jsonl", "-c", "show Category"])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(try lines.map { try JSONParser.parse($0) } == categories)
        for command in ["show Category", "find Specimen latitude > 50 SORT(name ASC)", "show Specimen[3]"] {
            let flag = try run([Fixtures.realmPath("species"), "--json", "-c", command])
            let mode = try run([Fixtures.realmPath("species"), "--mode", "jsonl", "-c", command])
            #expect(flag.standardOutput == mode.standardOutput, "\(command)")
            #expect(!flag.standardOutput.isEmpty)
        }
        let one = try run([Fixtures.realmPath("species"), "--json", "-c", "show Specimen[3]"])
        #expect(try JSONParser.parse(one.standardOutput) == objects("class_Specimen", in: "species")[3])
    }

    @Test func csvModeHasAHeaderRowAndRFC4180Records() throws {
        guard Fixtures.requirePresent() else { return }
        let specimens = try objects("class_Specimen", in: "species")
        let categories = try categoryNames()
        let result = try run([Fixtures.realmPath("species"), "--mode", "csv", "-c", "show Specimen"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("\r\n"))
        let records = try CSVReader.records(result.standardOutput)
        #expect(records.first == ["#"] + (try columnNames("class_Specimen", in: "species")))
        #expect(records.count == specimens.count + 1)
        for (position, specimen) in specimens.enumerated() {
            let record = records[position + 1]
            #expect(record[0] == String(position))
            #expect(record[1] == specimen["name"]?.string)
            #expect(record[2] == specimen["specimenDescription"]?.string)
            let latitude = try #require(specimen["latitude"]?["$double"]?.string.flatMap(Double.init))
            #expect(Double(record[3]) == latitude)
            if let category = categories[position] {
                #expect(record[6].contains("\"\(category)\""))
            } else {
                #expect(record[6] == "", "null is an empty field")
            }
        }
        #expect(records.contains { $0[2].contains(",") }, "a description with a comma survives the quoting")
        for headerless in [["--no-headers", "-c", "show Category"], ["-c", "mode csv; headers off; show Category"]] {
            let arguments = [Fixtures.realmPath("species")] + (headerless.first == "--no-headers" ? ["--mode", "csv"] : []) + headerless
            let rows = try CSVReader.records(try run(arguments).standardOutput)
            let names = try objects("class_Category", in: "species").map { try #require($0["name"]?.string) }
            #expect(rows.map { $0[1] } == names)
        }
    }

    @Test func boxModeDrawsBordersAroundTheRows() throws {
        guard Fixtures.requirePresent() else { return }
        let names = try objects("class_Category", in: "species").map { try #require($0["name"]?.string) }
        let result = try run([Fixtures.realmPath("species"), "--mode", "box", "-c", "show Category"])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let box = Array(lines.prefix { !$0.hasPrefix("(") })
        #expect(box.first?.hasPrefix("┌") == true && box.first?.hasSuffix("┐") == true)
        #expect(box.last?.hasPrefix("└") == true && box.last?.hasSuffix("┘") == true)
        #expect(box[2].hasPrefix("├"))
        #expect(cells(box[1]) == ["#", "name"])
        #expect(box[3..<(box.count - 1)].map { cells($0) } == names.enumerated().map { [String($0), $1] })
        #expect(Set(box.map(\.count)).count == 1, "every line of the box is equally wide")
        #expect(lines.last == "(0..5 of 5 Category objects)")
        let headerless = try run([Fixtures.realmPath("species"), "--mode", "box", "-c", "headers off; show Category"])
        #expect(!headerless.standardOutput.contains("├"))
        #expect(!headerless.standardOutput.contains("name"))
        #expect(headerless.standardOutput.contains("│ 0 │ \(names[0])"))
    }

    func cells(_ line: String) -> [String] {
        line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func lineModePrintsOneFieldPerLine() throws {
        guard Fixtures.requirePresent() else { return }
        let specimen = try objects("class_Specimen", in: "species")[3]
        let result = try run([Fixtures.realmPath("species"), "-c", "mode line; show Specimen[3]"])
        let fields = Dictionary(uniqueKeysWithValues: result.standardOutput.split(separator: "\n").compactMap { line -> (String, String)? in
            guard let separator = line.range(of: " = ") else { return nil }
            return (line[..<separator.lowerBound].trimmingCharacters(in: .whitespaces), String(line[separator.upperBound...]))
        })
        #expect(fields["_key"] == specimen["_key"]?.int.map(String.init))
        #expect(fields["name"] == specimen["name"]?.string)
        #expect(fields["specimenDescription"] == specimen["specimenDescription"]?.string)
        let names = try objects("class_Category", in: "species").map { try #require($0["name"]?.string) }
        let list = try run([Fixtures.realmPath("species"), "--mode", "line", "-c", "show Category"])
        let records = list.standardOutput.components(separatedBy: "\n\n").filter { $0.contains(" = ") }
        #expect(records.count == names.count)
        for (position, record) in records.enumerated() {
            #expect(record.hasPrefix("   # = \(position)\nname = \(names[position])"))
        }
    }

    @Test func markdownModeIsAPipeTable() throws {
        guard Fixtures.requirePresent() else { return }
        let names = try objects("class_Category", in: "species").map { try #require($0["name"]?.string) }
        let result = try run([Fixtures.realmPath("species"), "--mode", "markdown", "-c", "show Category"])
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("| #   | name"))
        #expect(lines[1].hasPrefix("|----:|---"), "the position column is right-aligned")
        for (position, name) in names.enumerated() {
            let row = lines[position + 2].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(row == [String(position), name])
        }
        #expect(lines[names.count + 2] == "", "a blank line ends the table before the footer")
    }

    @Test func modeAndHeadersCommands() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("species")],
                             input: "mode\nmode csv\nmode\nmode bogus\nheaders\nheaders off\nheaders\nmode table\ncount Category\n")
        #expect(result.status == 1)
        #expect(result.standardOutput == "table\ncsv\non\noff\n5\n")
        #expect(result.standardError.contains("error (line 4)"))
        #expect(result.standardError.contains("table|box|json|jsonl|csv|line|markdown"))
        let bad = try run([Fixtures.realmPath("species"), "--mode", "yaml", "-c", "classes"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("invalid value 'yaml' for --mode"))
        let help = try run([Fixtures.realmPath("species"), "-c", "help mode"])
        #expect(help.standardOutput.contains("mode [table|box|json|jsonl|csv|line|markdown]"))
    }

    @Test func listingCommandsHonourTheMode() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        let classTables = try #require(dump["tables"]?.array).filter { $0["class"]?.string != nil }
        let classes = try run([Fixtures.realmPath("tasks"), "--mode", "json", "-c", "classes"])
        let listed = try #require(try JSONParser.parse(classes.standardOutput).array)
        #expect(listed.map { $0["class"]?.string } == classTables.map { $0["class"]?.string })
        #expect(listed.map { $0["objects"]?.int } == classTables.map { $0["count"]?.int })

        let count = try run([Fixtures.realmPath("tasks"), "--mode", "jsonl", "-c", "count Task"])
        #expect(try JSONParser.parse(count.standardOutput)["count"]?.int == classTables.first { $0["class"]?.string == "Task" }?["count"]?.int)

        let info = try run([Fixtures.realmPath("tasks"), "--mode", "json", "-c", "info"])
        let fields = try #require(try JSONParser.parse(info.standardOutput).array?.first)
        #expect(fields["file format"]?.int == dump["file_format"]?.int)
        let size = try #require(FileManager.default.contents(atPath: Fixtures.realmPath("tasks"))?.count)
        #expect(fields["size"]?.int == Int64(size))

        // A list of links: the linked objects themselves.
        let tasks = try objects("class_Task", in: "tasks")
        let firstList = try #require(try objects("class_TaskList", in: "tasks").first?["tasks"]?.array)
        let linked = try firstList.map { link in try #require(tasks.first { $0["_key"] == link["$link"]?.array?.last }) }
        let list = try run([Fixtures.realmPath("tasks"), "--mode", "json", "-c", "show TaskList[0].tasks"])
        #expect(try JSONParser.parse(list.standardOutput) == .array(linked))

        // Backlinks: every specimen whose category is Birds, as canonical links.
        let specimens = try objects("class_Specimen", in: "species")
        let birds = specimens.filter { $0["category"]?["$link"]?.array?.last?.int == 0 }.compactMap { $0["_key"]?.int }
        let backlinks = try run([Fixtures.realmPath("species"), "--mode", "jsonl", "-c", "backlinks Category[0]"])
        let rows = try backlinks.standardOutput.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(rows.map { $0["object"]?["$link"]?.array?.last?.int } == birds)
        #expect(rows.allSatisfy { $0["from"]?.string == "Specimen.category" })

        // Schema: one row per property, in the dump's column order, with its nullability and target.
        let schema = try run([Fixtures.realmPath("tasks"), "--mode", "jsonl", "-c", "schema TaskList"])
        let properties = try schema.standardOutput.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let columns = try #require(try table("class_TaskList", in: "tasks")["columns"]?.array)
        #expect(properties.map { $0["property"]?.string } == columns.map { $0["name"]?.string })
        #expect(properties.map { $0["optional"]?.bool } == columns.map { $0["nullable"]?.bool })
        #expect(properties.last?["target"]?.string == "Task")

        // sort re-sorts the last find; more continues a ranged listing with the rest.
        let latitude: (JSONValue) -> Double = { $0["latitude"]?["$double"]?.string.flatMap(Double.init) ?? .nan }
        let north = specimens.filter { latitude($0) > 50 }.sorted { latitude($0) > latitude($1) }
        let sorted = try run([Fixtures.realmPath("species"), "--mode", "jsonl", "-c", "find Specimen latitude > 50; sort latitude desc"])
        let sortedLines = sorted.standardOutput.split(separator: "\n").map(String.init)
        #expect(try sortedLines.suffix(north.count).map { try JSONParser.parse($0) } == north)
        let more = try run([Fixtures.realmPath("species"), "--mode", "jsonl", "-c", "show Specimen 0..2; more"])
        #expect(try more.standardOutput.split(separator: "\n").map { try JSONParser.parse(String($0)) } == specimens)

        let status = try run([Fixtures.realmPath("tasks"), "--mode", "json", "-c", "status"])
        #expect(try JSONParser.parse(status.standardOutput) == .array([]))
    }

    @Test func collectionsAndSingleValuesInTheJSONModes() throws {
        guard Fixtures.requirePresent() else { return }
        let object = try objects("class_AllTypes", in: "alltypes")[5]
        let list = try run([Fixtures.realmPath("alltypes"), "--mode", "json", "-c", "show AllTypes[5].intList"])
        let elements = try #require(try JSONParser.parse(list.standardOutput).array)
        #expect(elements.map { $0["value"] } == (try #require(object["intList"]?.array)).map { Optional($0) })
        #expect(elements.map { $0["index"]?.int } == elements.indices.map { Int64($0) })
        let dictionary = try run([Fixtures.realmPath("alltypes"), "--mode", "jsonl", "-c", "show AllTypes[5].intDict"])
        let entries = try dictionary.standardOutput.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let expected = try #require(object["intDict"]?["$dict"]?.array)
        #expect(entries.map { [$0["key"], $0["value"]] } == expected.map { $0.array?.map { Optional($0) } ?? [] })
        let value = try run([Fixtures.realmPath("alltypes"), "--mode", "jsonl", "-c", "show AllTypes[5].stringReq"])
        #expect(try JSONParser.parse(value.standardOutput)["value"] == object["stringReq"])
        let csvValue = try run([Fixtures.realmPath("alltypes"), "--mode", "csv", "-c", "show AllTypes[5].stringReq"])
        #expect(try CSVReader.records(csvValue.standardOutput) == [["value"], [try #require(object["stringReq"]?.string)]])
    }

    @Test func statsIsOneRowPerFigure() throws {
        guard Fixtures.requirePresent() else { return }
        let latitudes = try objects("class_Specimen", in: "species").map { try #require($0["latitude"]?["$double"]?.string.flatMap(Double.init)) }
        let csv = try run([Fixtures.realmPath("species"), "--mode", "csv", "-c", "stats Specimen latitude"])
        let records = try CSVReader.records(csv.standardOutput)
        #expect(records.first == ["class", "property", "type", "statistic", "value"])
        let figures = Dictionary(uniqueKeysWithValues: records.dropFirst().map { ($0[3], $0[4]) })
        #expect(records.dropFirst().allSatisfy { $0[0] == "Specimen" && $0[1] == "latitude" && $0[2] == "double" })
        #expect(figures["count"] == String(latitudes.count))
        #expect(figures["nulls"] == "0")
        #expect(figures["min"].flatMap(Double.init) == latitudes.min())
        #expect(figures["max"].flatMap(Double.init) == latitudes.max())
        let json = try run([Fixtures.realmPath("species"), "--mode", "json", "-c", "stats Specimen latitude"])
        let rows = try #require(try JSONParser.parse(json.standardOutput).array)
        #expect(rows.first { $0["statistic"]?.string == "count" }?["value"]?.int == Int64(latitudes.count), "counts are JSON numbers")
    }

    @Test func outputAndOnceWriteFiles() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let once = directory.appendingPathComponent("once.csv").path
        let all = directory.appendingPathComponent("all.txt").path
        let names = try objects("class_Category", in: "species").map { try #require($0["name"]?.string) }
        let specimens = try objects("class_Specimen", in: "species")
        let result = try run([Fixtures.realmPath("species"), "--mode", "csv", "-c",
                              "once \(once); show Category; count Category; output \(all); count Specimen; mode jsonl; show Category[1]; output; count Specimen"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "count\r\n\(names.count)\r\n{\"count\": \(specimens.count)}\n")
        let onceRecords = try CSVReader.records(try String(contentsOfFile: once, encoding: .utf8))
        #expect(onceRecords == [["#", "name"]] + names.enumerated().map { [String($0), $1] })
        let allText = try String(contentsOfFile: all, encoding: .utf8)
        let category = try objects("class_Category", in: "species")[1]
        #expect(allText.hasPrefix("count\r\n\(specimens.count)\r\n"))
        #expect(try JSONParser.parse(String(allText.dropFirst("count\r\n\(specimens.count)\r\n".count))) == category)
        let unwritable = try run([Fixtures.realmPath("species"), "-c", "output /nonexistent/dir/x.txt; count Category"])
        #expect(unwritable.status == 1)
        #expect(unwritable.standardError.contains("cannot write /nonexistent/dir/x.txt"))
        #expect(unwritable.standardOutput == "\(names.count)\n", "a failed output keeps printing to the screen")
    }

    @Test func colorsOnlyWhereWantedAndNeverWhenPiped() throws {
        guard Fixtures.requirePresent() else { return }
        let escape = "\u{1B}["
        let command = [Fixtures.realmPath("species"), "-c", "show Specimen 38..42; show Specimen[40]"]
        let nullPosition = try #require(try categoryNames().firstIndex { $0 == nil })
        #expect((38..<42).contains(nullPosition))
        #expect(!(try run(command).standardOutput.contains(escape)), "piped: plain text")
        let forced = try run(command, environment: ["CLICOLOR_FORCE": "1"])
        #expect(forced.standardOutput.contains("\u{1B}[1m#\u{1B}[0m"), "bold headers")
        #expect(forced.standardOutput.contains("\u{1B}[2mnull\u{1B}[0m"), "null dimmed")
        #expect(forced.standardOutput.contains("\u{1B}[36mCategory["), "links colored")
        let noColor = try run(command, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!noColor.standardOutput.contains(escape), "NO_COLOR wins")
        #expect(noColor.standardOutput == (try run(command)).standardOutput)
        let csv = try run([Fixtures.realmPath("species"), "--mode", "csv", "-c", "show Specimen"], environment: ["CLICOLOR_FORCE": "1"])
        #expect(!csv.standardOutput.contains(escape), "machine-readable modes are never colored")
        // On a real terminal (a pseudo-terminal from `script`): colors, unless NO_COLOR is set.
        let terminal = try run(command, environment: ["COLUMNS": "200"], underTerminal: true)
        #expect(terminal.standardOutput.contains("\u{1B}[2mnull\u{1B}[0m"))
        let terminalNoColor = try run(command, environment: ["COLUMNS": "200", "NO_COLOR": "1"], underTerminal: true)
        #expect(terminalNoColor.standardOutput.contains("null"))
        #expect(!terminalNoColor.standardOutput.contains(escape))
    }

    @Test func tablesAreCutToTheTerminalWidthButOneObjectIsNot() throws {
        guard Fixtures.requirePresent() else { return }
        let specimens = try objects("class_Specimen", in: "species")
        let wide = try run([Fixtures.realmPath("species"), "-c", "show Specimen 0..5"])
        #expect(wide.standardOutput.split(separator: "\n").contains { $0.count > 100 }, "piped without COLUMNS: nothing is fitted")
        for width in [60, 100] {
            let result = try run([Fixtures.realmPath("species"), "-c", "show Specimen 0..5"], environment: ["COLUMNS": String(width)])
            let lines = result.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { $0.count <= width }, "COLUMNS=\(width)")
            for (position, line) in lines.dropFirst(2).prefix(5).enumerated() {
                let cells = line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(cells[0] == String(position))
                let name = try #require(specimens[position]["name"]?.string)
                if cells[1].hasSuffix("…") {
                    #expect(name.hasPrefix(String(cells[1].dropLast())))
                } else {
                    #expect(cells[1] == name)
                }
            }
        }
        let narrow = try run([Fixtures.realmPath("species"), "-c", "show Specimen 0..5"], environment: ["COLUMNS": "60"])
        #expect(narrow.standardOutput.split(separator: "\n").first?.hasSuffix("│ …") == true,
                "columns that do not fit are replaced by one … column")
        let description = try #require(specimens[3]["specimenDescription"]?.string)
        let object = try run([Fixtures.realmPath("species"), "-c", "show Specimen[3]"], environment: ["COLUMNS": "30"])
        #expect(object.standardOutput.contains("\"\(description)\""), "the object view shows the full value")
        let terminal = try run([Fixtures.realmPath("species"), "-c", "show Specimen 0..5"],
                               environment: ["COLUMNS": "70", "NO_COLOR": "1"], underTerminal: true)
        // The terminal turns each line feed into CR LF.
        let terminalLines = terminal.standardOutput.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
        #expect(terminalLines.count >= 7)
        #expect(terminalLines.allSatisfy { $0.count <= 70 })
    }
}

/// An RFC 4180 reader written for the tests, independent of the browser's CSV writer.
enum CSVReader {
    struct MalformedCSV: Error {}

    static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: quoted = true
            case ",": record.append(field); field = ""
            case "\r\n", "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
            case "\r": throw MalformedCSV()
            default: field.append(character)
            }
        }
        if quoted { throw MalformedCSV() }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}

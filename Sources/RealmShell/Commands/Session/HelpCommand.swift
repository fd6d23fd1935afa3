import RealmInterchange

/// `help [COMMAND | addresses]`: the commands, and how objects are addressed, by example.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help", aliases: ["?", "\\?", ".help"], arguments: "[COMMAND | TOPIC]",
        summary: "this help; topics: commands, queries, literals, transactions, addresses, scripts, serve, formats, schema (changing it)",
        access: .none, completion: .firstWord { HelpCommand.topicNames },
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let topic = arguments.trimmingWhitespace().lowercased()
        let output = session.output
        if topic.isEmpty || topic == "commands" {
            output.write(overview())
        } else if let text = HelpTopics.text(for: topic) {
            output.write(text)
        } else if let command = CommandRegistry.command(named: topic)
                    ?? CommandRegistry.command(named: StatementSplitter.command(in: topic).name) {
            // 'help add class' or 'help export json' is help for the command.
            output.line("\(command.name) \(command.arguments)".trimmingWhitespace())
            output.line("  \(command.summary)")
            if !command.aliases.isEmpty { output.line("  also: " + command.aliases.joined(separator: ", ")) }
            if let examples = examples[command.name] { output.write(examples) }
        } else {
            throw .unknownCommand(topic, suggestion: Suggestion.closest(to: topic, among: CommandRegistry.allNames + topicNames))
        }
    }

    /// What `help` takes besides command names (for completion and suggestions).
    static var topicNames: [String] {
        HelpTopics.topics.map { $0.names[0] } + CommandRegistry.commands.map(\.name)
    }

    static let maximumUsageWidth = 44

    static func overview() -> String {
        let entries = CommandRegistry.commands.map { ("\($0.name) \($0.arguments)".trimmingWhitespace(), $0.summary) }
        // One very long usage (add class ...) must not push every summary past a terminal's
        // width: longer usages get a line of their own, the summary under the column.
        let width = min(entries.map { TextWidth.of($0.0) }.max() ?? 0, maximumUsageWidth)
        var text = "Commands:\n"
        for (usage, summary) in entries {
            if TextWidth.of(usage) > width {
                text += "  " + usage + "\n" + String(repeating: " ", count: width + 4) + summary + "\n"
            } else {
                text += "  " + usage.padding(to: width) + "  " + summary + "\n"
            }
        }
        text += """

        Examples:
          classes                      every class with its number of objects
          schema Specimen              the properties of Specimen
          show Specimen                the first \(20) Specimen objects; 'more' continues
          show Specimen 20..40         positions 20 to 39
          show Specimen[3]             one object; links appear as Category[2] "Birds"
          show Item[id = 42]           look up by primary key
          show Specimen[_key = 65536]  look up by object key

          find Specimen name BEGINSWITH[c] 'b' SORT(created DESC)   a query ('help queries')
          cd Specimen[3]               stand on an object; then 'show category', 'cd ..', 'back'
          set Specimen[3].name = "Barnacle goose"     change a value (committed at once, in place)
          set Specimen[3].category = Category[1]      re-point a link (null clears it)
          set Person[0].address = { city: "Oslo" }    a new embedded object (null deletes it)
          set Note[0].tags[1] = "x"; append Note[0].tags "y"; set Note[0].tags = {"a", "b"}
                                       lists element by element ('help append' for sets, dictionaries)
          begin; set ...; update Task isCompleted == false SET isCompleted = true; status; commit
          models swift                 Realm model classes for the schema (also kotlin, java, js, ts, csharp)
          open app.realm --key-file app.key   an encrypted realm (or REALM_BROWSER_KEY=hex realm-browser app.realm)
          compact copy.realm --decrypt         a plain copy of an encrypted realm (without --decrypt: encrypted)
          schema --dot                 the class graph: realm-browser app.realm -c 'schema --dot' | dot -Tpng > schema.png
          watch count Specimen         again at each commit an app makes, with what changed ('help watch'; Ctrl-C stops)

        Objects are numbered by position from 0, in object-key order; 'help addresses' explains
        how positions, object keys and primary keys differ. Commands can be joined with ';'.
        More: help queries, help literals, help transactions, help schema, help scripts, help serve, help formats,
        help COMMAND.

        """
        return text
    }

    static let collectionExamples = """
      Lists (every element type; values written as in queries, objects for lists of links):
        set AllTypes[0].intList[2] = 7            replace element 2 (-1 is the last)
        append AllTypes[0].intList 7              add at the end
        remove AllTypes[0].intList[1]             take element 1 out
        move AllTypes[0].intList 0 3              element 0 moves to position 3
        set AllTypes[0].intList = {1, 2, 3}       the whole list ({} empties it)
        append TaskList[0].tasks Task[5]          lists of links keep backlinks right
      Sets (kept in Realm's stored order; adding a value already there changes nothing):
        append AllTypes[0].stringOptSet "x"       remove AllTypes[0].stringOptSet "x"
      Dictionaries (keys in Realm's stored order):
        set AllTypes[0].intDict["k"] = 5          insert or replace
        remove AllTypes[0].intDict["k"]           set AllTypes[0].intDict = {"a": 1, "b": 2}
      Embedded objects, through their parent:
        set Person[0].address.city = "Oslo"       set Person[0].addresses[1].city = "Bergen"
        append Person[0].addresses { city: "Bergen" }   a new one; remove Person[0].addresses[0] deletes one
        move Person[0].addresses 0 1
      Lists and dictionaries nested in Mixed values, one [ ] per level:
        set AllTypes[0].mixedList[6][0] = 1       append AllTypes[0].mixedValue["list"] 2
        remove AllTypes[0].mixedDict["k"][1]      move AllTypes[0].mixedValue 0 1

    """

    static let addresses = """
    Three ways to name one object:

      Specimen[3]               by position: 0 is the first object, -1 the last. Positions follow
                                object-key order, the order Realm itself returns objects in when
                                no sort is given. They shift when objects before them are deleted.
      Specimen[_key = 65536]    by object key: the number Realm stores in links. Keys never change,
                                but they are not 0..n-1: tables without a primary key number
                                objects 0..255, then 65536..65791, 131072.., and deleted objects
                                leave gaps. 'show CLASS[N]' prints each object's key.
      Item[id = 42]             by primary key, for classes that have one ('schema' marks it);
      BankInfo[bank_accno = "NL91ABNA0417164300"]
                                string keys may be quoted.

    """

    static let examples: [String: String] = [
        "watch": WatchCommand.examples,
        "schema": SchemaHelp.text,
        "rename": SchemaHelp.text,
        "change": SchemaHelp.text,
        "commit": Transaction.commitExamples,
        "append": collectionExamples,
        "remove": collectionExamples,
        "move": collectionExamples,
        "show": """
          show Specimen               first page as a table ('more' for the next)
          show Specimen 20..40        positions 20 to 39; 'show Specimen 100..' from 100 on
          show Specimen[3]            one object, one property per line
          show Specimen[-1]           the last object

        """,
        "diff": """
          diff before.realm                   the open file (A) against before.realm (B)
          diff a.realm b.realm                two files, whichever is open
          diff before.realm --class Task      one class: its schema and objects only
          diff before.realm --json            one JSON document (canonical values, as dump writes them)
          realm-browser diff a.realm b.realm  from the shell; exit status 0 same, 1 different, 2 trouble

          Output: the schema first (+ added, - removed, ~ changed: classes, properties with their
          type, optionality, collection, link target and index, primary keys, embedded-ness,
          the schema version), then per class the objects that differ, then a count per class:
            ~ Task[_key = 3] "Backup laptop"        matched by object key (no primary key)
                isCompleted  false → true           old → new, written as show writes them
            + BankInfo[bank_accno = "SE45…"]        matched by primary key, in B only
            - Car[_key = 2]                         in A only
          Links compare by the target's primary key (else its object key), embedded objects and
          lists, sets and dictionaries as wholes. Properties added or removed are schema changes,
          not changes of every object. An encrypted B opens with A's key, --key-file or
          REALM_BROWSER_KEY; in scripts (-c, -f) diff fails only when it cannot compare.
          Files that match print one line:
            no differences between a.realm and b.realm (2 classes, 47 objects)

        """,
        "verify": """
          verify                          the open file: OK, or one line per problem
          verify other.realm              another file (encrypted: --key-file KEYFILE or REALM_BROWSER_KEY)
          verify --json                   one JSON document: {"file":…,"ok":true,"problemCount":0,…,"problems":[]}
          realm-browser verify app.realm  from the shell; exit status 0 sound, 1 problems found or unreadable

          A sound file prints OK, then what was checked:
            OK
            species.realm: 3 tables, 48 objects, 99 nodes, 5 free entries, version 3
          A damaged one prints every problem: its check, where in the schema, the offset in the file:
            [space] offset 352: bytes 352..<360 belong to no node and no free entry
            [backlinks] table class_Category, object key 0: 7 link(s) from class_Specimen.category, 8 backlink(s)
            [metadata] the file has classes but no metadata table (the schema version)
          The checks: header, space (every node reached once, free lists, no byte unaccounted for),
          schema, cluster-tree, values, collections, backlinks (both ways, embedded owners),
          search-index, encryption (a damaged page), metadata, history. A file with problems
          fails the command (exit status 1 in scripts).

        """,
        "recover": """
          recover saved.realm                       what can be read of the open file, into a new file
          recover broken.realm saved.realm          a file that may not even open (its header damaged)
          recover broken.realm saved.realm --json   the report as one JSON document ({"complete":false,…})
          realm-browser recover broken.realm saved.realm   from the shell; exit 0 all recovered, 1 losses

          The damaged file is only read. The new file holds every object whose key and required
          values can be read; a lost optional value is null, a lost collection empty, a link to a
          lost object null (or out of its list), an embedded object whose owner was lost is lost.
          The report says per class what was saved and lost, and why:
            recovered broken.realm into saved.realm: version 302, file format 24, from the header's top array
            class    │ saved │ lost objects │ lost values │ lost links │ dropped properties
            Note     │   328 │          176 │           0 │          0 │
            Note: 176 of the 504 objects its tree counts were in parts of it that could not be read
            Note: the objects under child 1 of the inner node at offset 44272 could not be read: …
          A damaged header is searched past: the newest top array in the file is used, and said so
          ("from the top array at offset 4936 (found by search)"). 'verify saved.realm' then shows
          the new file is sound.

        """,
        "import": """
          import csv dogs.csv Dog                        into class Dog, each field read as its schema says
          import json dogs.json Dog                      what 'export json Dog dogs.json' writes (or its "Dog" member)
          import json fungi.json Fungus --primary name   a new class, types inferred and reported
          import csv dogs.csv Dog --skip-bad             the valid rows only; the bad ones are listed

          Every record is checked before anything is written:
            cannot use categories.json: 1 bad record, nothing imported ('--skip-bad' imports the valid records):
              record 2 (line 3): name: expected a string, got 5
          A new class is reported, then written with its objects in one commit:
            new class Fungus (name string primary, edible bool), types inferred from fungi.json
            imported 2 objects into new class Fungus  (committed version 4, 800 bytes written)
          Links are the target's primary key (else its object key); lists, sets, dictionaries,
          embedded objects and Mixed values as 'export' writes them. Inside 'begin' the objects
          are staged with the other changes.

        """,
        "classes": """
          classes                     user classes (tables named class_*)
          classes --all               also internal tables such as metadata

        """,
    ]
}

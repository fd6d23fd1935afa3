import RealmShell
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `models LANG`: the expected models are written by hand from the fixtures' JSON schemas
/// (tasks.json: BankInfo { bank_accno string primary key, bankname, status }, Car { owner ->
/// Person? }, Person { name, banks: list of BankInfo }, Task { name, createdAt date, notes,
/// isCompleted bool }, TaskList { name, createdAt, tasks: list of Task }; the file's backlink
/// columns give Person.banks, Car.owner and TaskList.tasks as linking objects) in each SDK's
/// documented model syntax.
@Suite("models for the Realm SDKs", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ModelsTests {
    func models(_ fixture: String, _ arguments: String) throws -> String {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: Fixtures.realmPath(fixture))
        try session.execute("models " + arguments)
        return output.text
    }

    @Test func swiftModelsForTasks() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(try models("tasks", "swift") == """
        // Realm models for tasks.realm, written by realm-browser from the file's schema.
        import Foundation
        import RealmSwift

        class BankInfo: Object {
            @Persisted(primaryKey: true) var bank_accno: String
            @Persisted var bankname: String
            @Persisted var status: String
            @Persisted(originProperty: "banks") var persons: LinkingObjects<Person>
        }

        class Car: Object {
            @Persisted var owner: Person?
        }

        class Person: Object {
            @Persisted var name: String
            @Persisted var banks: List<BankInfo>
            @Persisted(originProperty: "owner") var cars: LinkingObjects<Car>
        }

        class Task: Object {
            @Persisted var name: String
            @Persisted var createdAt: Date
            @Persisted var notes: String
            @Persisted var isCompleted: Bool
            @Persisted(originProperty: "tasks") var taskLists: LinkingObjects<TaskList>
        }

        class TaskList: Object {
            @Persisted var name: String
            @Persisted var createdAt: Date
            @Persisted var tasks: List<Task>
        }

        """)
    }

    @Test func kotlinModelsForTasks() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(try models("tasks", "kotlin") == """
        // Realm models for tasks.realm, written by realm-browser from the file's schema.
        import io.realm.kotlin.ext.backlinks
        import io.realm.kotlin.ext.realmListOf
        import io.realm.kotlin.query.RealmResults
        import io.realm.kotlin.types.RealmInstant
        import io.realm.kotlin.types.RealmList
        import io.realm.kotlin.types.RealmObject
        import io.realm.kotlin.types.annotations.PrimaryKey

        class BankInfo : RealmObject {
            @PrimaryKey var bank_accno: String = ""
            var bankname: String = ""
            var status: String = ""
            val persons: RealmResults<Person> by backlinks(Person::banks)
        }

        class Car : RealmObject {
            var owner: Person? = null
        }

        class Person : RealmObject {
            var name: String = ""
            var banks: RealmList<BankInfo> = realmListOf()
            val cars: RealmResults<Car> by backlinks(Car::owner)
        }

        class Task : RealmObject {
            var name: String = ""
            var createdAt: RealmInstant = RealmInstant.from(0, 0)
            var notes: String = ""
            var isCompleted: Boolean = false
            val taskLists: RealmResults<TaskList> by backlinks(TaskList::tasks)
        }

        class TaskList : RealmObject {
            var name: String = ""
            var createdAt: RealmInstant = RealmInstant.from(0, 0)
            var tasks: RealmList<Task> = realmListOf()
        }

        """)
    }

    @Test func javaModelsForOneClassEach() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(try models("tasks", "java BankInfo") == """
        // Realm models for tasks.realm, written by realm-browser from the file's schema.
        // One class per file, as Java requires.

        // BankInfo.java
        import io.realm.RealmObject;
        import io.realm.RealmResults;
        import io.realm.annotations.LinkingObjects;
        import io.realm.annotations.PrimaryKey;
        import io.realm.annotations.Required;

        public class BankInfo extends RealmObject {
            @PrimaryKey
            @Required
            private String bank_accno;
            @Required
            private String bankname;
            @Required
            private String status;
            @LinkingObjects("banks")
            private final RealmResults<Person> persons = null;

            public String getBank_accno() { return bank_accno; }
            public void setBank_accno(String bank_accno) { this.bank_accno = bank_accno; }

            public String getBankname() { return bankname; }
            public void setBankname(String bankname) { this.bankname = bankname; }

            public String getStatus() { return status; }
            public void setStatus(String status) { this.status = status; }

            public RealmResults<Person> getPersons() { return persons; }
        }

        """)
        let task = try models("tasks", "java TaskList")
        #expect(task.contains("""
        public class TaskList extends RealmObject {
            @Required
            private String name;
            @Required
            private Date createdAt;
            private RealmList<Task> tasks = new RealmList<>();

        """))
        #expect(task.contains("import io.realm.RealmList;\nimport io.realm.RealmObject;\nimport io.realm.annotations.Required;\nimport java.util.Date;\n"))
        #expect(task.contains("    public RealmList<Task> getTasks() { return tasks; }\n"))
        #expect(!task.contains("setTasks"), "collections are managed in place, no setter")
        let car = try models("tasks", "java Car")
        #expect(car.contains("    private Person owner;\n"))
    }

    @Test func javaScriptAndTypeScriptModelsForTasks() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(try models("tasks", "js Person") == """
        // Realm models for tasks.realm, written by realm-browser from the file's schema.
        import Realm from 'realm';

        export class Person extends Realm.Object {
          static schema = {
            name: 'Person',
            properties: {
              name: 'string',
              banks: 'BankInfo[]',
              cars: { type: 'linkingObjects', objectType: 'Car', property: 'owner' },
            },
          };
        }

        """)
        #expect(try models("tasks", "ts BankInfo") == """
        // Realm models for tasks.realm, written by realm-browser from the file's schema.
        import Realm from 'realm';

        export class BankInfo extends Realm.Object<BankInfo> {
          bank_accno!: string;
          bankname!: string;
          status!: string;
          persons!: Realm.Results<Person>;

          static schema: Realm.ObjectSchema = {
            name: 'BankInfo',
            primaryKey: 'bank_accno',
            properties: {
              bank_accno: 'string',
              bankname: 'string',
              status: 'string',
              persons: { type: 'linkingObjects', objectType: 'Person', property: 'banks' },
            },
          };
        }

        """)
        let car = try models("tasks", "typescript Car")
        #expect(car.contains("  owner?: Person;\n"))
        #expect(car.contains("      owner: 'Person?',\n"))
        let task = try models("tasks", "ts Task")
        #expect(task.contains("  createdAt!: Date;\n  notes!: string;\n  isCompleted!: boolean;\n  taskLists!: Realm.Results<TaskList>;\n"))
    }

    @Test func csharpModelsForTasks() throws {
        guard Fixtures.requirePresent() else { return }
        let text = try models("tasks", "csharp")
        #expect(text.hasPrefix("""
        // Realm models for tasks.realm, written by realm-browser from the file's schema.
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using MongoDB.Bson;
        using Realms;

        #nullable enable

        public partial class BankInfo : IRealmObject
        {
            [PrimaryKey]
            [MapTo("bank_accno")]
            public string BankAccno { get; set; } = "";

            [MapTo("bankname")]
            public string Bankname { get; set; } = "";

            [MapTo("status")]
            public string Status { get; set; } = "";

            [Backlink(nameof(Person.Banks))]
            public IQueryable<Person> Persons { get; } = null!;
        }

        public partial class Car : IRealmObject
        {
            [MapTo("owner")]
            public Person? Owner { get; set; }
        }

        """))
        #expect(text.contains("""
        public partial class TaskList : IRealmObject
        {
            [MapTo("name")]
            public string Name { get; set; } = "";

            [MapTo("createdAt")]
            public DateTimeOffset CreatedAt { get; set; }

            [MapTo("tasks")]
            public IList<Task> Tasks { get; } = null!;
        }

        """))
        #expect(text.contains("    [MapTo(\"isCompleted\")]\n    public bool IsCompleted { get; set; }\n"))
    }

    /// alltypes.json: every property type, optional and required, lists/sets/dictionaries,
    /// links, embedded objects, indexes and a full-text index.
    @Test func everyPropertyKindInEachLanguage() throws {
        guard Fixtures.requirePresent() else { return }
        let expectations: [(String, [String])] = [
            ("swift", ["    @Persisted(primaryKey: true) var _id: String\n", "    @Persisted var intOpt: Int?\n",
                       "    @Persisted var dataReq: Data\n", "    @Persisted var decimalOpt: Decimal128?\n",
                       "    @Persisted var mixedValue: AnyRealmValue\n", "    @Persisted var target: Target?\n",
                       "    @Persisted var stringOptList: List<String?>\n", "    @Persisted var uuidSet: MutableSet<UUID>\n",
                       "    @Persisted var targetDict: Map<String, Target?>\n", "    @Persisted var address: EmbeddedAddress?\n",
                       "    @Persisted var addressList: List<EmbeddedAddress>\n", "    @Persisted(indexed: true) var indexedInt: Int\n",
                       "class EmbeddedAddress: EmbeddedObject {\n",
                       "    @Persisted(originProperty: \"targetList\") var allTypesViaTargetList: LinkingObjects<AllTypes>\n"]),
            ("kotlin", ["    var floatReq: Float = 0f\n", "    var objectIdReq: ObjectId = ObjectId()\n",
                        "    var uuidOpt: RealmUUID? = null\n", "    var mixedList: RealmList<RealmAny?> = realmListOf()\n",
                        "    var stringOptSet: RealmSet<String?> = realmSetOf()\n", "    var targetDict: RealmDictionary<Target?> = realmDictionaryOf()\n",
                        "    @FullText var fullText: String = \"\"\n", "    @Index var indexedString: String = \"\"\n",
                        "class EmbeddedAddress : EmbeddedRealmObject {\n", "import org.mongodb.kbson.Decimal128\n",
                        "    val allTypesViaTargetSet: RealmResults<AllTypes> by backlinks(AllTypes::targetSet)\n"]),
            ("java", ["    private Long intOpt;\n", "    @Required\n    private byte[] dataReq;\n", "    private RealmAny mixedValue = RealmAny.nullValue();\n",
                      "    @Required\n    private RealmList<Double> doubleList = new RealmList<>();\n",
                      "    private RealmList<String> stringOptList = new RealmList<>();\n",
                      "    private RealmDictionary<Target> targetDict = new RealmDictionary<>();\n",
                      "@RealmClass(embedded = true)\npublic class EmbeddedAddress extends RealmObject {\n",
                      "    @Index\n    private long indexedInt;\n", "    public boolean isBoolReq() { return boolReq; }\n"]),
            ("js", ["      stringOptList: 'string?[]',\n", "      intSet: 'int<>',\n", "      targetDict: 'Target?{}',\n",
                    "      mixedValue: 'mixed',\n", "      address: 'EmbeddedAddress?',\n", "    embedded: true,\n",
                    "      fullText: { type: 'string', indexed: 'full-text' },\n", "    primaryKey: '_id',\n",
                    "      allTypesViaTargetDict: { type: 'linkingObjects', objectType: 'AllTypes', property: 'targetDict' },\n"]),
            ("ts", ["import Realm, { BSON } from 'realm';\n", "  objectIdOpt?: BSON.ObjectId;\n", "  dataReq!: ArrayBuffer;\n",
                    "  stringOptList!: Realm.List<string | null>;\n", "  uuidDict!: Realm.Dictionary<BSON.UUID>;\n",
                    "  mixedValue?: Realm.Mixed;\n", "  address?: EmbeddedAddress;\n", "  indexedInt!: number;\n"]),
            ("csharp", ["    public string Id { get; set; } = \"\";\n", "    public Guid? UuidOpt { get; set; }\n",
                        "    public RealmValue MixedValue { get; set; }\n", "    public ISet<string?> StringOptSet { get; } = null!;\n",
                        "    public IDictionary<string, Target?> TargetDict { get; } = null!;\n",
                        "    [Indexed(IndexType.FullText)]\n    [MapTo(\"fullText\")]\n    public string FullText { get; set; } = \"\";\n",
                        "public partial class EmbeddedAddress : IEmbeddedObject\n",
                        "    public byte[] DataReq { get; set; } = Array.Empty<byte>();\n"]),
        ]
        for (language, lines) in expectations {
            let text = try models("alltypes", language)
            for line in lines {
                #expect(text.contains(line), "\(language): \(line)")
            }
        }
    }

    @Test func badArgumentsAreClearErrors() throws {
        guard Fixtures.requirePresent() else { return }
        // The legacy files name their tables `table`, `target`, ...: no classes to model.
        let output = BufferedOutput()
        let legacy = Session(output: output)
        try legacy.open(path: Fixtures.directory.appendingPathComponent("legacy/test_upgrade_database_1000_23.realm").path)
        expectError(.invalidValue(mentioning: "no classes", "'classes --all'")) { try legacy.execute("models swift") }
        #expect(output.text.isEmpty)
        expectError(.invalidValue(mentioning: "unknown language 'cobol'", "models swift|kotlin|java|js|ts|csharp [CLASS]")) {
            try models("tasks", "cobol")
        }
        #expect(throws: BrowserError.unknownClass("Nope", suggestion: nil)) { try models("tasks", "swift Nope") }
        do {
            _ = try models("tasks", "cobol")
            Issue.record("an unknown language must be refused")
        } catch {
            #expect("\(error)" == "unknown language 'cobol'; models swift|kotlin|java|js|ts|csharp [CLASS], or models grdb [CLASS...]")
        }
    }

    /// `models grdb CLASS...`: the records of the tables `export sqlite FILE CLASS...` writes
    /// (GRDBRecordWriterTests checks them against the exported file).
    @Test func grdbRecordsOfChosenClasses() throws {
        guard Fixtures.requirePresent() else { return }
        let source = try models("tasks", "grdb Person Car")
        let tables = source.split(separator: "\n").filter { $0.hasPrefix("    static let databaseTableName = ") }
        #expect(tables == ["    static let databaseTableName = \"Car\"", "    static let databaseTableName = \"Person\"",
                           "    static let databaseTableName = \"Person_banks\""])
        #expect(source.contains("    static let ownerRecord = belongsTo(Person.self, key: \"ownerRecord\", using: ForeignKey([\"owner\"]))\n"))
        // BankInfo is not exported: Person_banks.value is a plain integer, without an association.
        #expect(!source.contains("BankInfo"))
        let all = try models("alltypes", "grdb")
        #expect(all.contains("    static let databaseTableName = \"EmbeddedAddress\"\n"))
        expectError(.invalidValue(mentioning: "EmbeddedAddress", "embedded")) { try models("alltypes", "grdb EmbeddedAddress") }
    }
}

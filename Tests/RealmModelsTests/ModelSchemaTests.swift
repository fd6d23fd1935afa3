import Foundation
import RealmFormat
import RealmInterchange
import RealmModels
import Testing
import TestSupport

/// The schema the model writers work from, read from a file: one class per `class_` table in
/// file order, its properties in declared order with their types, optionality and
/// collections as Realm's canonical dump of the same file states them.
@Suite("Model schema", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ModelSchemaTests {
    @Test("every class and property of the fixture, as its dump states them", arguments: ["tasks", "species", "alltypes"])
    func classesAndProperties(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let tables = try #require(dump["tables"]?.array).filter { $0["class"]?.string != nil }
        let schema = ModelSchema(file: try RealmFile(path: Fixtures.realmPath(fixture)))
        #expect(schema.classes.map(\.name) == tables.compactMap { $0["class"]?.string })
        for (model, table) in zip(schema.classes, tables) {
            let columns = try #require(table["columns"]?.array)
            #expect(model.properties.map(\.name) == columns.compactMap { $0["name"]?.string }, "\(model.name)")
            for (property, column) in zip(model.properties, columns) {
                let place = "\(model.name).\(property.name)"
                #expect(property.collection?.rawValue == column["collection"]?.string, "\(place)")
                #expect(property.isPrimaryKey == (table["primary_key"]?.string == property.name), "\(place)")
                // Links of one object are optional in every SDK; the dump says so too.
                if property.collection == nil { #expect(property.isOptional == (column["nullable"]?.bool == true), "\(place)") }
                #expect(property.type.isObject == (column["type"]?.string == "link"), "\(place)")
            }
        }
    }

    @Test("Swift models of the tasks fixture name each class, its primary key and its list of links")
    func swiftSource() throws {
        guard Fixtures.requirePresent() else { return }
        let schema = ModelSchema(file: try RealmFile(path: Fixtures.realmPath("tasks")))
        let source = SwiftModelWriter.source(for: schema.classes, fileName: "tasks.realm")
        for name in ["TaskList", "Task", "Person", "BankInfo", "Car"] {
            #expect(source.contains("class \(name): Object"), "\(name)")
        }
        #expect(source.contains("@Persisted var tasks: List<Task>"))
        #expect(source.contains("@Persisted var owner: Person?"))
    }
}

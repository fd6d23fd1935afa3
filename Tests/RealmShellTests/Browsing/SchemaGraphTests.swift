import RealmShell
import Foundation
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `schema --dot`, checked against the fixtures' JSON schemas: one node per class listing its
/// properties, one edge per link property, a dashed edge back for every backlink; the DOT is
/// parsed structurally, every HTML label parsed as XML, and Graphviz's `dot` run when installed.
@Suite("schema --dot", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaGraphTests {
    func dot(_ fixture: String, _ arguments: String = "--dot") throws -> String {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: Fixtures.realmPath(fixture))
        try session.execute("schema " + arguments)
        return output.text
    }

    func classes(in dump: JSONValue) throws -> [(name: String, columns: [JSONValue])] {
        try #require(dump["tables"]?.array).compactMap { table in
            guard let name = table["class"]?.string, let columns = table["columns"]?.array else { return nil }
            return (name, columns)
        }
    }

    @Test(arguments: ["tasks", "alltypes", "species", "demo", "history", "big"])
    func graphMatchesTheSchema(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let graph = try DotGraph(parsing: try dot(fixture))
        #expect(graph.name == "\(fixture).realm")
        let classes = try classes(in: dump)
        #expect(Set(graph.nodes.keys) == Set(classes.map(\.name)))
        var linkColumns: Set<String> = []
        var mixedColumns: Set<String> = []
        for (name, columns) in classes {
            let label = try #require(graph.nodes[name]?["label"])
            #expect(XMLParser(data: Data(label.utf8)).parse(), "\(name): label is well-formed XML")
            #expect(label.contains("<b>\(name)</b>"))
            for (index, column) in columns.enumerated() {
                let property = try #require(column["name"]?.string)
                #expect(label.contains("<td port=\"p\(index)\" align=\"left\">\(property): "), "\(name).\(property)")
                if column["type"]?.string == "mixed" { mixedColumns.insert("\(name).\(property)") }
                guard column["type"]?.string == "link", let target = column["target"]?.string else { continue }
                linkColumns.insert("\(name).\(property)")
                let targetClass = String(target.dropFirst("class_".count))
                let collection = column["collection"]?.string
                let edge = graph.edges.first { $0.from == name && $0.fromPort == "p\(index)" }
                #expect(edge?.to == targetClass, "\(name).\(property) -> \(targetClass)")
                #expect(edge?.attributes["label"] == property + (collection.map { " (\($0))" } ?? ""))
                // The target lists the backlink, with a dashed edge back to the origin.
                let targetLabel = graph.nodes[targetClass]?["label"] ?? ""
                let row = try #require(targetLabel.range(of: "align=\"left\"><i>linked from \(name).\(property)</i>"), "\(targetClass) lists \(name).\(property)")
                let port = String(targetLabel[..<row.lowerBound].split(separator: "\"").dropLast().last ?? "")
                #expect(graph.edges.contains { $0.from == targetClass && $0.fromPort == port && $0.to == name && $0.attributes["style"] == "dashed" })
            }
        }
        // Every edge joins declared nodes through ports their labels define.
        for edge in graph.edges {
            let label = try #require(graph.nodes[edge.from]?["label"], "\(edge.from) is declared")
            #expect(graph.nodes[edge.to] != nil, "\(edge.to) is declared")
            #expect(DotGraph.ports(inLabel: label).contains(edge.fromPort ?? ""), "\(edge.from):\(edge.fromPort ?? "")")
        }
        // Dashed edges come only from link properties, or from mixed ones that hold links.
        let solid = graph.edges.filter { $0.attributes["style"] == nil }
        #expect(solid.count == linkColumns.count)
        for edge in graph.edges where edge.attributes["style"] == "dashed" {
            let label = graph.nodes[edge.from]?["label"] ?? ""
            let origins = linkColumns.union(mixedColumns).filter { label.contains("linked from \($0)</i>") && $0.hasPrefix(edge.to + ".") }
            #expect(!origins.isEmpty, "backlink edge \(edge.from) -> \(edge.to)")
        }
        let dot = try #require(Self.graphviz, "Graphviz's dot is needed (scripts/test.sh installs it)")
        let rendered = try Self.render(try self.dot(fixture), with: dot)
        #expect(rendered.status == 0, "dot: \(rendered.errors)")
        #expect(rendered.output.contains("<svg"))
    }

    @Test func oneClassAndItsLinks() throws {
        guard Fixtures.requirePresent() else { return }
        let graph = try DotGraph(parsing: try dot("tasks", "Person --dot"))
        #expect(Array(graph.nodes.keys) == ["Person"])
        #expect(graph.edges.isEmpty, "edges only between drawn classes")
        #expect(throws: BrowserError.unknownClass("Nope", suggestion: nil)) { try dot("tasks", "--dot Nope") }
        expectError(.usage(mentioning: "schema [CLASS] [--dot]"), "one class at most") { try dot("tasks", "--dot Person Car") }
    }

    /// Graphviz's `dot` (`apt-get install graphviz`; scripts/test.sh installs it when missing).
    static let graphviz: String? = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func render(_ text: String, with dot: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let rendered = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: rendered, as: UTF8.self), String(decoding: messages, as: UTF8.self))
    }
}

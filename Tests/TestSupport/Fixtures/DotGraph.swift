import Foundation

/// A small DOT reader for the tests: enough of the Graphviz grammar (quoted IDs, HTML-like
/// labels, node, edge and attribute statements) to check `schema --dot` structurally.
public struct DotGraph {
    public struct Edge: Equatable {
        public var from: String
        public var fromPort: String?
        public var to: String
        public var toPort: String?
        public var attributes: [String: String]
    }

    public var name = ""
    public var nodes: [String: [String: String]] = [:]
    public var edges: [Edge] = []

    public enum ParseError: Error, CustomStringConvertible {
        case unexpected(String, at: Int)
        public var description: String {
            switch self { case let .unexpected(text, offset): return "unexpected \(text) at token \(offset)" }
        }
    }

    enum Token: Equatable {
        case identifier(String)
        case html(String)
        case symbol(String)
    }

    static func tokens(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace { index += 1; continue }
            if character == "\"" {
                var value = ""
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    value.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw ParseError.unexpected("unterminated string", at: tokens.count) }
                index += 1
                tokens.append(.identifier(value))
            } else if character == "<" {
                var depth = 0
                var value = ""
                repeat {
                    if characters[index] == "<" { depth += 1 }
                    if characters[index] == ">" { depth -= 1 }
                    value.append(characters[index])
                    index += 1
                } while depth > 0 && index < characters.count
                guard depth == 0 else { throw ParseError.unexpected("unbalanced HTML label", at: tokens.count) }
                tokens.append(.html(String(value.dropFirst().dropLast())))
            } else if character == "-", index + 1 < characters.count, characters[index + 1] == ">" {
                tokens.append(.symbol("->")); index += 2
            } else if "{}[];,=:".contains(character) {
                tokens.append(.symbol(String(character))); index += 1
            } else if character.isLetter || character.isNumber || character == "_" || character == "#" || character == "." {
                var value = ""
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || "_#.".contains(characters[index]) {
                    value.append(characters[index]); index += 1
                }
                tokens.append(.identifier(value))
            } else {
                throw ParseError.unexpected("character '\(character)'", at: tokens.count)
            }
        }
        return tokens
    }

    public init(parsing text: String) throws {
        let tokens = try Self.tokens(text)
        var index = 0
        func next() throws -> Token {
            guard index < tokens.count else { throw ParseError.unexpected("end of input", at: index) }
            defer { index += 1 }
            return tokens[index]
        }
        func expect(_ symbol: String) throws {
            let token = try next()
            guard token == .symbol(symbol) else { throw ParseError.unexpected("\(token), wanted \(symbol)", at: index - 1) }
        }
        func identifier() throws -> String {
            let token = try next()
            guard case let .identifier(value) = token else { throw ParseError.unexpected("\(token), wanted an ID", at: index - 1) }
            return value
        }
        func attributes() throws -> [String: String] {
            var result: [String: String] = [:]
            guard index < tokens.count, tokens[index] == .symbol("[") else { return result }
            index += 1
            while tokens[index] != .symbol("]") {
                let key = try identifier()
                try expect("=")
                switch try next() {
                case let .identifier(value), let .html(value): result[key] = value
                case let token: throw ParseError.unexpected("\(token) as a value", at: index - 1)
                }
                if tokens[index] == .symbol(",") || tokens[index] == .symbol(";") { index += 1 }
            }
            index += 1
            return result
        }
        guard try identifier() == "digraph" else { throw ParseError.unexpected("graph kind", at: 0) }
        name = try identifier()
        try expect("{")
        while index < tokens.count, tokens[index] != .symbol("}") {
            let first = try identifier()
            if ["graph", "node", "edge"].contains(first) {
                _ = try attributes()
            } else {
                var port: String?
                if tokens[index] == .symbol(":") { index += 1; port = try identifier() }
                if tokens[index] == .symbol("->") {
                    index += 1
                    let to = try identifier()
                    var toPort: String?
                    if tokens[index] == .symbol(":") { index += 1; toPort = try identifier() }
                    edges.append(Edge(from: first, fromPort: port, to: to, toPort: toPort, attributes: try attributes()))
                } else {
                    guard nodes[first] == nil else { throw ParseError.unexpected("node \(first) declared twice", at: index) }
                    nodes[first] = try attributes()
                }
            }
            try expect(";")
        }
        try expect("}")
        guard index == tokens.count else { throw ParseError.unexpected("text after the graph", at: index) }
    }

    /// The `port="..."` names of a node's HTML label.
    public static func ports(inLabel label: String) -> Set<String> {
        var ports: Set<String> = []
        var rest = Substring(label)
        while let range = rest.range(of: "port=\"") {
            rest = rest[range.upperBound...]
            if let end = rest.firstIndex(of: "\"") { ports.insert(String(rest[..<end])); rest = rest[end...] }
        }
        return ports
    }
}

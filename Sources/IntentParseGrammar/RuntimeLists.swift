import Foundation
import IntentParseBase
import IntentParseYAML
import Yams

/// Slot lists given at run time (`--lists FILE`), without editing grammar files: the names of
/// things that change (Home Assistant's areas, floors and devices), in YAML or JSON.
///
///     lists:                                   # any list, written as in a grammar file
///       color: {values: [red, green, {in: sky blue, out: blue}]}
///     areas: [{name: Kitchen, id: kitchen}]    # {area}: each name
///     floors: [{name: Upstairs, id: upstairs}] # {floor}: each name
///     entities:                                # {name}: each name, with its context:
///       - {name: Kitchen Lamp, id: light.kitchen_lamp, attributes: {device_class: lamp}}
///
/// That is the shape of Home Assistant's test fixtures (`tests/<lang>/_fixtures.yaml`), whose
/// other keys (`language`, `timers`, `media`) are state, not words, and are ignored. A name may
/// be a template ("Trader Joe[']s"): each of its spellings is a value, its own `out`. An
/// entity's context is its domain (the `id` before the dot) and its `attributes`. A list given
/// here replaces a grammar's list of the same name.
package enum RuntimeLists {
    static let keys = ["lists", "areas", "floors", "entities", "language", "timers", "media"]

    /// The lists of `file`; problems go to `log` with the file, line and column.
    package static func load(file: String, log: inout DiagnosticLog) -> [ListDefinition] {
        var parser = GrammarFileParser(file: file, locale: "", log: log)
        defer { log = parser.reader.log }
        guard FileManager.default.fileExists(atPath: file) else {
            parser.reader.error(SourceLocation(file: file), "no such lists file")
            return []
        }
        guard let root = parser.reader.root(of: URL(fileURLWithPath: file)), let pairs = parser.reader.mapping(root, "a lists file") else {
            return []
        }
        parser.reader.warnUnknownKeys(pairs, allowed: keys, in: "a lists file")
        var lists: [ListDefinition] = []
        for pair in pairs {
            switch pair.key {
            case "lists": lists += parser.readLists(pair.value)
            case "areas": lists.append(parser.namedThings(pair.value, list: "area", keyNode: pair.keyNode, context: { _ in nil }))
            case "floors": lists.append(parser.namedThings(pair.value, list: "floor", keyNode: pair.keyNode, context: { _ in nil }))
            case "entities": lists.append(parser.namedThings(pair.value, list: "name", keyNode: pair.keyNode, context: entityContext))
            default: break
            }
        }
        // A later list of the same name wins.
        var result: [ListDefinition] = []
        for list in lists {
            if let index = result.firstIndex(where: { $0.name == list.name }) { result[index] = list } else { result.append(list) }
        }
        return result
    }

    /// An entity's context: its domain (`light` of `light.kitchen_lamp`) and its attributes.
    private static func entityContext(_ item: [(key: String, keyNode: Node, value: Node)]) -> [(String, Node)]? {
        var context: [(String, Node)] = []
        if let id = item.first(where: { $0.key == "id" })?.value, let text = id.scalar?.string, let dot = text.firstIndex(of: ".") {
            context.append(("domain", Node.scalar(Node.Scalar(String(text[..<dot])))))
        }
        if let attributes = item.first(where: { $0.key == "attributes" })?.value.mapping {
            for (key, value) in attributes { if let name = key.string { context.append((name, value)) } }
        }
        return context
    }
}

extension GrammarFileParser {
    /// A list `{list}` of the `name`s of a sequence of things (areas, floors, entities), each
    /// spelling a value whose `out` is that spelling, with the context `context` gives.
    fileprivate mutating func namedThings(
        _ node: Node, list name: String, keyNode: Node, context: ([(key: String, keyNode: Node, value: Node)]) -> [(String, Node)]?
    ) -> ListDefinition {
        var list = ListDefinition(name: name, location: reader.location(keyNode))
        for item in reader.sequence(node, name) ?? [] {
            guard let pairs = reader.mapping(item, "an item of \(name)") else { continue }
            guard let nameNode = pairs.first(where: { $0.key == "name" })?.value, let text = reader.string(nameNode, "name"),
                let spoken = template(text, node: nameNode)
            else {
                reader.error(item, "an item of {\(name)} needs a 'name'")
                continue
            }
            var object: JSONValue?
            if let members = context(pairs) {
                object = .object(members.compactMap { key, value in reader.json(value).map { (key, $0) } })
            }
            let spellings = spoken.expression.phrases(rules: [:]).map { $0.split(separator: " ").joined(separator: " ") }
            for spelling in spellings where !spelling.isEmpty {
                var value = spoken
                value.text = spelling
                value.expression = .words(spelling)
                list.values.append(ListValue(spoken: value, out: .string(spelling), context: object))
            }
        }
        return list
    }
}

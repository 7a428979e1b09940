import IntentParseBase
import IntentParseNormalization
import IntentParseYAML

// A loaded grammar in the compiled-grammar cache (`BinaryStorable`): what `GrammarLoader`
// read and validated, so that a cache hit reads no YAML.

extension Expression: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        switch self {
        case .words(let text):
            writer.varint(0)
            writer.write(text)
        case .sequence(let items):
            writer.varint(1)
            writer.write(items)
        case .choice(let items):
            writer.varint(2)
            writer.write(items)
        case .optional(let inner):
            writer.varint(3)
            inner.write(to: writer)
        case .permutation(let items):
            writer.varint(4)
            writer.write(items)
        case .slot(let list, let slot, let offset):
            writer.varint(5)
            writer.write(list)
            writer.write(slot)
            writer.write(offset)
        case .rule(let name, let offset):
            writer.varint(6)
            writer.write(name)
            writer.write(offset)
        case .glued(let items):
            writer.varint(7)
            writer.write(items)
        }
    }

    package init(from reader: BinaryReader) throws {
        switch try reader.varint() {
        case 0: self = .words(try reader.string())
        case 1: self = .sequence(try reader.array())
        case 2: self = .choice(try reader.array())
        case 3: self = .optional(try reader.read())
        case 4: self = .permutation(try reader.array())
        case 5: self = .slot(list: try reader.string(), slot: try reader.string(), offset: try reader.int())
        case 6: self = .rule(try reader.string(), offset: try reader.int())
        case 7: self = .glued(try reader.array())
        case let other: throw reader.damaged("no expression of kind \(other)")
        }
    }
}

extension SourcedExpression: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(text)
        expression.write(to: writer)
        location.write(to: writer)
        writer.write(firstColumn)
    }

    package init(from reader: BinaryReader) throws {
        self.init(text: try reader.string(), expression: try reader.read(), location: try reader.read(), firstColumn: try reader.optional())
    }
}

extension ScalarValue: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        switch self {
        case .string(let value): writer.varint(0); writer.write(value)
        case .integer(let value): writer.varint(1); writer.write(value)
        case .decimal(let value): writer.varint(2); writer.write(value)
        case .boolean(let value): writer.varint(3); writer.write(value)
        }
    }

    package init(from reader: BinaryReader) throws {
        switch try reader.varint() {
        case 0: self = .string(try reader.string())
        case 1: self = .integer(try reader.int())
        case 2: self = .decimal(try reader.double())
        case 3: self = .boolean(try reader.bool())
        case let other: throw reader.damaged("no scalar of kind \(other)")
        }
    }
}

extension Template: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(intent)
        source.write(to: writer)
        writer.write(fixedSlots.map(\.name))
        writer.write(fixedSlots.map(\.value))
        writer.write(index)
        (requiresContext ?? .null).write(to: writer)
        (excludesContext ?? .null).write(to: writer)
    }

    package convenience init(from reader: BinaryReader) throws {
        let intent = try reader.string(), source = try reader.read(SourcedExpression.self)
        let names = try reader.array(String.self), values = try reader.array(ScalarValue.self)
        guard names.count == values.count else { throw reader.damaged("\(names.count) fixed slot names, \(values.count) values") }
        let index = try reader.int()
        let requires = try reader.read(JSONValue.self), excludes = try reader.read(JSONValue.self)
        self.init(
            intent: intent, source: source, fixedSlots: Array(zip(names, values)).map { (name: $0.0, value: $0.1) }, index: index,
            requiresContext: requires == .null ? nil : requires, excludesContext: excludes == .null ? nil : excludes)
    }
}

extension ListValue: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        spoken.write(to: writer)
        out.write(to: writer)
        (context ?? .null).write(to: writer)
    }

    package init(from reader: BinaryReader) throws {
        self.init(spoken: try reader.read(), out: try reader.read())
        let context = try reader.read(JSONValue.self)
        self.context = context == .null ? nil : context
    }
}

extension ListDefinition: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(name)
        location.write(to: writer)
        writer.write(values)
        writer.write(range.map { [$0.from, $0.to, $0.step, fractions] })
        writer.write(isWildcard)
        writer.write(excludedFirstWords)
        writer.write(vocabulary)
        writer.write(parameter)
        writer.write(entity)
    }

    package init(from reader: BinaryReader) throws {
        self.init(name: try reader.string(), location: try reader.read())
        values = try reader.array()
        if let range = try reader.optional([Int].self) {
            guard range.count == 4 else { throw reader.damaged("a range of \(range.count) numbers") }
            self.range = (range[0], range[1], range[2])
            fractions = range[3]
        }
        isWildcard = try reader.bool()
        excludedFirstWords = try reader.array()
        vocabulary = try reader.optional()
        parameter = try reader.optional()
        entity = try reader.optional()
    }
}

extension ExpansionRule: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(name)
        source.write(to: writer)
    }

    package init(from reader: BinaryReader) throws {
        self.init(name: try reader.string(), source: try reader.read())
    }
}

extension TokenRules: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(elisions)
        writer.write(splitAtApostrophe)
        writer.write(transform)
        writer.write(suffixes)
    }

    package init(from reader: BinaryReader) throws {
        self.init(elisions: try reader.array(), splitAtApostrophe: try reader.bool(), transform: try reader.optional(), suffixes: try reader.array())
    }
}

extension LanguageGrammar: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(locale)
        writer.write(templates)
        writer.write(lists)
        writer.write(rules)
        writer.write(skipWords)
        writer.write(files)
        writer.write(inactiveTemplates)
        tokenRules.write(to: writer)
        writer.write(scopedNames.sorted())
        writer.write(frameCues)
    }

    package init(from reader: BinaryReader) throws {
        self.init(locale: try reader.string())
        templates = try reader.array()
        lists = try reader.read()
        rules = try reader.read()
        skipWords = try reader.array()
        files = try reader.array()
        inactiveTemplates = try reader.array()
        tokenRules = try reader.read()
        scopedNames = Set(try reader.array(String.self))
        frameCues = try reader.array()
    }
}

extension FrameCue: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(intent)
        writer.varint(UInt64(role.rawValue))
        source.write(to: writer)
    }

    package init(from reader: BinaryReader) throws {
        let intent = try reader.string()
        let raw = try reader.varint()
        guard raw <= UInt64(UInt8.max), let role = Role(rawValue: UInt8(raw)) else { throw reader.damaged("no frame cue role \(raw)") }
        self.init(intent: intent, role: role, source: try reader.read())
    }
}

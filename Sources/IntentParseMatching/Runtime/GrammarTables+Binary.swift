import IntentParseBase
import IntentParseEntities
import IntentParseGrammar
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

// A compiled grammar in the compiled-grammar cache: what compiling made. What it was made from
// (the grammar, the schema, the apps) and what holds ICU objects (the normalizer, the entity
// readers) are not written: the reader is given them again.
//
// NB: matching walks these tables through unchecked pointers; bytes read back must be bytes
// this build wrote. The cache file's checksum and its key (which names this executable) are
// what guarantee it; the checks below catch only the grossest damage.

extension PhraseEntry: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        switch self {
        case .listValue(let index):
            writer.varint(0)
            writer.write(index)
        case .term(let app, let identifier, let display, let priority):
            writer.varint(1)
            writer.write(app)
            writer.write(identifier)
            writer.write(display)
            writer.write(priority)
        case .app(let index):
            writer.varint(2)
            writer.write(index)
        }
    }

    package init(from reader: BinaryReader) throws {
        switch try reader.varint() {
        case 0: self = .listValue(try reader.int())
        case 1: self = .term(app: try reader.int(), identifier: try reader.optional(), display: try reader.string(), priority: try reader.int())
        case 2: self = .app(try reader.int())
        case let other: throw reader.damaged("no phrase entry of kind \(other)")
        }
    }
}

extension PhraseValues: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(entries)
        writer.write(list)
    }

    package init(from reader: BinaryReader) throws {
        self.init(entries: try reader.array(), list: try reader.optional())
    }
}

extension GrammarTables {
    /// Writes what compiling made. A template of `grammar` is written as its number there.
    func write(to writer: BinaryWriter, grammar: LanguageGrammar) {
        writer.write(lists)
        automaton.write(to: writer)
        keys.write(to: writer)
        keyPairs.write(to: writer)
        languageWords.write(to: writer)
        writer.write(phraseValues)
        phrases.write(to: writer)
        writer.write(slotNames)
        let numbers = Dictionary(grammar.templates.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { first, _ in first })
        writer.varint(UInt64(templates.count))
        for compiled in templates {
            if let number = numbers[ObjectIdentifier(compiled.template)] {
                writer.write(number)
            } else {
                writer.write(-1)
                compiled.template.write(to: writer)
            }
            writer.write(compiled.start)
            writer.write(compiled.isLearned)
        }
        writer.varint(UInt64(frameCues.count))
        for compiled in frameCues { writer.write(compiled.start) }
        writer.write(prefixStart)
        writer.write(suffixStart)
        writer.write(suffixFirstWords)
        writer.write(prefixNeedsApp)
        writer.write(suffixNeedsApp)
        index.write(to: writer)
        writer.writePlain(unindexed)
        writer.write(appNamedKey)
        writer.writePlain(phraseSetKeys)
        writer.writePlain(indexedPhraseSetKeys)
        phraseStartKeys.write(to: writer)
        requirements.write(to: writer)
        writer.write(appPhraseSet)
        writer.write(excludedFirstWords)
        writer.write(names)
        writer.write(nameEnds)
        writer.write(appSlot)
        writer.writePlain(typos.words.map(\.id))
    }

    /// The tables `write(to:grammar:)` wrote, for `grammar` compiled with these apps, schema and
    /// entity readers (the same as when they were written).
    init(from reader: BinaryReader, grammar: LanguageGrammar, apps: [AppVocabulary], schema siriKit: Schema, entities: EntityCatalog) throws {
        let schema = siriKit.including(grammar.schemalessIntents(in: siriKit))
        self.init(
            locale: grammar.locale, normalizer: Normalizer.shared(locale: grammar.locale, rules: grammar.tokenRules), schema: schema, apps: apps,
            lists: try reader.array())
        self.entities = GrammarTables.entityParsers(entities).map(\.parser)
        automaton = try FrozenAutomaton(from: reader)
        keys = try KeyTable(from: reader)
        keyPairs = try KeyPairs(from: reader)
        languageWords = try KeyTable(from: reader)
        phraseValues = try reader.array()
        phrases = try FrozenPhrases(from: reader)
        slotNames = try reader.array()
        let count = try reader.count()
        templates.reserveCapacity(count)
        for _ in 0..<count {
            let number = try reader.int()
            let template: Template
            if number == -1 {
                template = try reader.read()
            } else {
                guard number >= 0, number < grammar.templates.count else { throw reader.damaged("no template \(number)") }
                template = grammar.templates[number]
            }
            templates.append(
                CompiledTemplate(
                    template: template, start: try reader.int32(), isLearned: try reader.bool(),
                    intent: schema[template.intent], supportingApps: supportingApps[template.intent] ?? []))
        }
        guard try reader.count() == grammar.frameCues.count else { throw reader.damaged("frame cues of another grammar") }
        for cue in grammar.frameCues {
            frameCues.append(
                CompiledFrameCue(cue: cue, start: try reader.int32(), intent: schema[cue.intent], supportingApps: supportingApps[cue.intent] ?? []))
        }
        prefixStart = try reader.optional()
        suffixStart = try reader.optional()
        suffixFirstWords = try reader.optional()
        prefixNeedsApp = try reader.bool()
        suffixNeedsApp = try reader.bool()
        index = try TemplateIndex(from: reader)
        unindexed = try reader.plain()
        appNamedKey = try reader.int32()
        phraseSetKeys = try reader.plain()
        indexedPhraseSetKeys = try reader.plain()
        phraseStartKeys = try PhraseStartKeys(from: reader)
        requirements = try TemplateRequirements(from: reader)
        appPhraseSet = try reader.int32()
        excludedFirstWords = try reader.array()
        names = try reader.read()
        nameEnds = try reader.read()
        appSlot = try reader.optional()
        let typoWords = try reader.plain(Int32.self)
        guard typoWords.allSatisfy({ $0 >= 0 && Int($0) < keys.keys.count }) else { throw reader.damaged("typo words out of range") }
        typos = TypoIndex(words: typoWords.map { ($0, keys.keys[Int($0)]) })
        guard phraseValues.count == phrases.setCount, Int(appPhraseSet) < phraseValues.count else {
            throw reader.damaged("\(phraseValues.count) phrase sets' values for \(phrases.setCount) sets")
        }
    }

    /// The entity readers a grammar's automaton numbers, in that order: each of
    /// `EntityCatalog.names` that `catalog` has.
    static func entityParsers(_ catalog: EntityCatalog) -> [(name: String, parser: any EntityParser)] {
        EntityCatalog.names.compactMap { name in catalog.deferredParser(name).map { (name, $0) } }
    }
}

extension CompiledGrammar {
    /// Writes the compiled tables of `grammar` (see `GrammarTables.write(to:grammar:)`).
    package func write(to writer: BinaryWriter, grammar: LanguageGrammar) { tables.write(to: writer, grammar: grammar) }

    /// The compiled grammar written by `write(to:grammar:)`.
    package convenience init(
        from reader: BinaryReader, grammar: LanguageGrammar, apps: [AppVocabulary], schema: Schema,
        entities: EntityCatalog
    ) throws {
        self.init(try GrammarTables(from: reader, grammar: grammar, apps: apps, schema: schema, entities: entities))
    }
}

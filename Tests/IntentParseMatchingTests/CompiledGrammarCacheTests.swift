import Foundation
import IntentParseBase
import IntentParseGrammar
import IntentParseNormalization
import IntentParseTestSupport
import Testing

@testable import IntentParse

/// The compiled-grammar cache: a grammar read back from it parses exactly as the one compiled,
/// and anything that is not a faithful copy of the current files is not used.
@Suite struct CompiledGrammarCacheTests {
    /// A one-locale grammar and one app, in a temporary folder.
    static let grammar = """
        language: en
        intents:
          INSendMessageIntent:
            data:
              - sentences:
                  - "(send|write) [a] message to {person:recipients} [saying {content}]"
        lists:
          person: {vocabulary: contactName, wildcard: true}
          content: {wildcard: true}
        expansion_rules:
          app_suffix: "(in|on|with) {app}"
        skip_words: ["please"]
        """

    static let app = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleDisplayName</key><string>ChatApp</string>
            <key>CFBundleIdentifier</key><string>com.example.chatapp</string>
            <key>NSExtension</key>
            <dict>
                <key>NSExtensionAttributes</key>
                <dict>
                    <key>IntentsSupported</key>
                    <array><string>INSendMessageIntent</string></array>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    struct Setup {
        let folder: TemporaryFolder
        var grammars: URL { folder.url.appendingPathComponent("Grammars") }
        var vocabulary: URL { folder.url.appendingPathComponent("Vocabulary") }
        var cache: CompiledGrammarCache { CompiledGrammarCache(folder: folder.url.appendingPathComponent("cache")) }

        init() throws {
            folder = try TemporaryFolder()
            try folder.write(CompiledGrammarCacheTests.grammar, to: "Grammars/en/messages.yaml")
            try folder.write(CompiledGrammarCacheTests.app, to: "Vocabulary/ChatApp/Info.plist")
        }

        func load(learnFromExamples: Bool = true) throws -> IntentParser {
            try IntentParser(grammars: grammars, vocabulary: vocabulary, options: .init(learnFromExamples: learnFromExamples, cache: cache))
        }

        func cacheFiles() throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: cache.folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "grammar" }
        }
    }

    @Test func aGrammarIsReadBackUntilOneOfItsFilesChanges() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        #expect(try setup.load().localesFromCache.isEmpty)
        let cached = try setup.load()
        #expect(cached.localesFromCache == ["en"])
        #expect(cached.parse("send a message to Coco saying hi", locale: "en").best?.intent == "INSendMessageIntent")
        #expect(cached.parse("text Coco hi", locale: "en").best == nil)
        try setup.folder.write(
            CompiledGrammarCacheTests.grammar.replacingOccurrences(of: "(send|write)", with: "(send|write|text)"),
            to: "Grammars/en/messages.yaml")
        let edited = try setup.load()
        #expect(edited.localesFromCache.isEmpty)
        #expect(edited.parse("text a message to Coco saying hi", locale: "en").best?.intent == "INSendMessageIntent")
        #expect(try setup.load().localesFromCache == ["en"])
    }

    @Test func anAppOrAnOptionChangesWhatIsReadBack() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        _ = try setup.load()
        #expect(try setup.load(learnFromExamples: false).localesFromCache.isEmpty)
        try setup.folder.write(
            CompiledGrammarCacheTests.app.replacingOccurrences(of: "ChatApp", with: "TalkApp"), to: "Vocabulary/ChatApp/Info.plist")
        let renamed = try setup.load()
        #expect(renamed.localesFromCache.isEmpty)
        #expect(renamed.parse("send a message to Coco saying hi with TalkApp", locale: "en").best?.app?.displayName == "TalkApp")
    }

    @Test func aDamagedFileIsCompiledOverAndWrittenAgain() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let reference = try setup.load()
        let file = try #require(try setup.cacheFiles().first)
        let intact = try Data(contentsOf: file)
        for damage in [
            intact.prefix(intact.count / 2), intact.prefix(10), Data(),
            {
                var flipped = intact
                flipped[flipped.count * 2 / 3] ^= 0x40
                return flipped
            }()
        ] {
            try damage.write(to: file)
            let parser = try setup.load()
            #expect(parser.localesFromCache.isEmpty)
            let sentence = "send a message to Coco saying see you soon"
            #expect(ResultJSON.line(parser.parse(sentence)) == ResultJSON.line(reference.parse(sentence)))
            #expect(try setup.load().localesFromCache == ["en"])
        }
    }

    @Test func aCacheFolderThatCannotBeWrittenIsNoCache() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.folder.write("not a folder", to: "cache")
        for _ in 0..<2 {
            let parser = try setup.load()
            #expect(parser.localesFromCache.isEmpty)
            #expect(parser.parse("send a message to Coco saying hi", locale: "en").best != nil)
        }
    }

    @Test func aGrammarWithErrorsIsNeverCached() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.folder.write(
            "language: en\nintents:\n  INSendMessageIntent:\n    data:\n      - sentences: [\"send {nolist}\"]\n", to: "Grammars/en/broken.yaml")
        #expect(throws: DiagnosticError.self) { try setup.load() }
        #expect((try? setup.cacheFiles())?.isEmpty ?? true)
    }

    /// ICU's tables go to one file of the folder: read back by the next load, written again
    /// when damaged, and never a reason for an answer to change.
    @Test func icuTablesAreKeptBesideTheGrammars() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let reference = try setup.load()
        let file = setup.cache.folder.appendingPathComponent("icu-\(ICUTables.icuVersion.replacingOccurrences(of: ".", with: "_")).tables")
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(setup.cache.installICUTables())
        let intact = try Data(contentsOf: file)
        let sentence = "send a message to Zoë saying café crème"
        for damage in [intact.prefix(intact.count / 2), Data(), intact + Data([1])] {
            try damage.write(to: file)
            #expect(!setup.cache.installICUTables())
            let parser = try setup.load()
            #expect(ResultJSON.line(parser.parse(sentence)) == ResultJSON.line(reference.parse(sentence)))
            #expect(setup.cache.installICUTables())
        }
    }

    @Test func theEnvironmentChoosesTheFolder() {
        #expect(CompiledGrammarCache.fromEnvironment(["INTENTPARSE_CACHE": "off", "HOME": "/home/u"]) == nil)
        #expect(CompiledGrammarCache.fromEnvironment(["INTENTPARSE_CACHE": "/tmp/c"])?.folder.path == "/tmp/c")
        #expect(CompiledGrammarCache.fromEnvironment(["XDG_CACHE_HOME": "/x", "HOME": "/home/u"])?.folder.path == "/x/intentparse")
        #expect(CompiledGrammarCache.fromEnvironment(["HOME": "/home/u"])?.folder.path == "/home/u/.cache/intentparse")
        #expect(CompiledGrammarCache.fromEnvironment([:]) == nil)
    }
}

/// The cache's file format: what is written reads back, and damage throws rather than traps.
@Suite struct BinaryCodingTests {
    static let expression = Expression.sequence([
        .words("send"), .optional(.choice([.words("a"), .words("the")])),
        .slot(list: "person", slot: "recipients", offset: 12), .permutation([.rule("when", offset: 3), .words("now")])
    ])

    @Test func valuesReadBackAsWritten() throws {
        let writer = BinaryWriter()
        let json = JSONValue.object([("a", .array([.null, .bool(true), .number(-2.5)])), ("b", .string("ü"))])
        let dictionary: [String: [Int32]] = ["x": [1, -2, .max], "y": []]
        writer.write(BinaryCodingTests.expression)
        writer.write(json)
        writer.write(dictionary)
        writer.write(Int?.none)
        writer.write([Int.min, -1, 0, Int.max])
        writer.writePlain([Int32.min, 7, Int32.max])
        let bytes = writer.bytes
        try bytes.withUnsafeBytes { raw in
            let reader = try BinaryReader(raw)
            #expect(try reader.read(Expression.self) == BinaryCodingTests.expression)
            #expect(try reader.read(JSONValue.self) == json)
            #expect(try reader.read([String: [Int32]].self) == dictionary)
            #expect(try reader.optional(Int.self) == nil)
            #expect(try reader.array(Int.self) == [Int.min, -1, 0, Int.max])
            #expect(try reader.plain(Int32.self) == [Int32.min, 7, Int32.max])
            #expect(reader.isAtEnd)
        }
    }

    @Test func everyTruncationThrows() throws {
        let writer = BinaryWriter()
        writer.write([BinaryCodingTests.expression, BinaryCodingTests.expression])
        writer.writePlain([Int32](repeating: 9, count: 40))
        let bytes = writer.bytes
        for length in 0..<bytes.count {
            #expect(throws: BinaryReader.Damaged.self) {
                try bytes.prefix(length).withUnsafeBytes { raw in
                    let reader = try BinaryReader(raw)
                    _ = try reader.array(Expression.self)
                    _ = try reader.plain(Int32.self)
                }
            }
        }
    }
}

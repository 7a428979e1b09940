import Foundation
import IntentParseDialogue
import IntentParseTestSupport
import Testing

@testable import IntentParse
@testable import IntentParseDialogue

/// An intent SiriKit's schema lacks, added with data files alone: the test writes a
/// `Grammars/schema.yaml` declaring it, an English grammar file for it (beside the shipped
/// English files) and an app whose Info.plist supports it, then parses and converses.
@Suite struct NewIntentTests {
    static let root = Repository.root

    static let files: [String: String] = [
        "Grammars/schema.yaml": """
        # A shopping domain: Siri asks before a wish list changes, unless an intent says otherwise.
        enumerations:
          wishPriority: [low, high]
        domains:
          shopping:
            asksForConfirmation: true
            intents:
              INAddToWishlistIntent:
                requiresUnlockedDevice: true
                parameters:
                  items: {type: speakableString, multiple: true, required: true}
                  priority: {type: enumeration, values: wishPriority}
              INShowWishlistIntent:
                asksForConfirmation: false
                parameters:
                  priority: {type: enumeration, values: wishPriority}
        """,
        "Grammars/en/wishlist.yaml": """
        language: en
        intents:
          INAddToWishlistIntent:
            data:
              - sentences:
                  - "(add|put) {wish:items} (to|on) my (wishlist|wish list)"
                  - "add to my (wishlist|wish list)"
          INShowWishlistIntent:
            data:
              - sentences:
                  - "show [me] my [{wish_priority:priority} priority] (wishlist|wish list)"
        lists:
          wish: {wildcard: true}
          wish_priority:
            values:
              - {in: "(low|lower)", out: low}
              - {in: "(high|top)", out: high}
        """,
        "Vocabulary/WishApp/Info.plist": """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleDisplayName</key><string>WishApp</string>
            <key>CFBundleIdentifier</key><string>com.example.wishapp</string>
            <key>CFBundleDevelopmentRegion</key><string>en</string>
            <key>NSExtension</key>
            <dict>
                <key>NSExtensionAttributes</key>
                <dict>
                    <key>IntentsSupported</key>
                    <array><string>INAddToWishlistIntent</string><string>INShowWishlistIntent</string></array>
                </dict>
            </dict>
        </dict>
        </plist>
        """
    ]

    /// The files above in a temporary folder, the shipped English files beside `wishlist.yaml`.
    static func folder() throws -> URL {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("intentparse-intent-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let english = root.appendingPathComponent("Grammars/en")
        for name in try fm.contentsOfDirectory(atPath: english.path) {
            try fm.createSymbolicLink(
                at: folder.appendingPathComponent("Grammars/en/\(name)"), withDestinationURL: english.appendingPathComponent(name))
        }
        return folder
    }

    @Test func anIntentAddedWithDataFilesParses() throws {
        let folder = try NewIntentTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parser = try IntentParser(grammars: folder.appendingPathComponent("Grammars"), vocabulary: folder.appendingPathComponent("Vocabulary"))
        #expect(parser.locales == ["en"])
        #expect(parser.schema["INAddToWishlistIntent"]?.domain == "shopping")

        let result = parser.parse("add a kite and a red bike to my wishlist")
        let best = try #require(result.best)
        #expect(best.intent == "INAddToWishlistIntent" && best.domain == "shopping")
        #expect(best.app?.displayName == "WishApp")
        #expect(best.parameter("items")?.values.map(\.spoken) == ["a kite", "a red bike"])
        #expect(best.missing.isEmpty && best.requiresAuthentication)
        #expect(ResultJSON.line(result).contains(#""domain":"shopping","app":"WishApp""#))

        let missing = try #require(parser.parse("add to my wish list").best)
        #expect(missing.intent == "INAddToWishlistIntent" && missing.missing == ["items"])

        let show = try #require(parser.parse("show me my top priority wishlist").best)
        #expect(show.intent == "INShowWishlistIntent" && !show.requiresAuthentication)
        #expect(show.parameter("priority")?.values.first?.value == .string("high"))
    }

    @Test func theDialogueAsksForWhatTheSchemaRequiresAndConfirmsWhereItSays() async throws {
        let folder = try NewIntentTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parser = try IntentParser(grammars: folder.appendingPathComponent("Grammars"), vocabulary: folder.appendingPathComponent("Vocabulary"))
        let configuration = parser.dialogueConfiguration()
        #expect(configuration.confirmIntents.contains("INAddToWishlistIntent"))
        #expect(!configuration.confirmIntents.contains("INShowWishlistIntent"))
        let engine = DialogueEngine(configuration: configuration)
        var session = DialogueSession()

        let ask = await engine.respond(to: "add to my wishlist", session: &session)
        #expect(ask.state == .needsValue && ask.parameter == "items")
        let confirm = await engine.respond(to: "a kite", session: &session)
        #expect(confirm.state == .confirmIntent, "\(confirm.prompt)")
        let done = await engine.respond(to: "yes", session: &session)
        #expect(done.state == .done)

        let shown = await engine.respond(to: "show my wishlist", session: &session)
        #expect(shown.state == .done, "\(shown.prompt)")
    }
}

import Foundation
import IntentParseTestSupport
import Testing

/// A grammars folder's `schema.yaml` adds intents to the embedded SiriKit schema; `check` and
/// every command report its mistakes as `file:line:col: error:` and exit 2.
@Suite(.serialized) struct CLISchemaTests {
    /// A grammars folder holding `schema` as its `schema.yaml`, the shipped English files and
    /// `extra` English files.
    private func grammars(schema: String, extra: [String: String] = [:], in folder: URL) throws -> URL {
        let fm = FileManager.default
        let grammars = folder.appendingPathComponent("Grammars")
        try fm.createDirectory(at: grammars.appendingPathComponent("en"), withIntermediateDirectories: true)
        try Data(schema.utf8).write(to: grammars.appendingPathComponent("schema.yaml"))
        let english = CLI.root.appendingPathComponent("Grammars/en")
        for name in try fm.contentsOfDirectory(atPath: english.path) {
            try fm.createSymbolicLink(at: grammars.appendingPathComponent("en/\(name)"), withDestinationURL: english.appendingPathComponent(name))
        }
        for (name, text) in extra { try Data(text.utf8).write(to: grammars.appendingPathComponent("en/\(name)")) }
        return grammars
    }

    @Test func checkReportsASchemaFilesMistakesAtTheirLineAndColumn() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let grammars = try grammars(
            schema: """
                domains:
                  shopping:
                    intents:
                      INAddToWishlistIntent:
                        parameters:
                          items: {type: speakablestring, multiple: true}
                          note: {multiple: true}
                  messaging:
                    intents:
                      INSendMessageIntent: {}
                """, in: folder)
        let output = try CLI.run(["check", "--grammars", grammars.path, "--locale", "en"])
        #expect(output.status == 2)
        #expect(
            output.stderr.contains("schema.yaml:6:25: error: unknown type 'speakablestring' (did you mean 'speakableString'?)"), "\(output.stderr)")
        // The source line and a caret under the column, indented by four.
        #expect(
            output.stderr.contains(
                "    " + "          items: {type: speakablestring, multiple: true}\n" + String(repeating: " ", count: 4 + 24) + "^\n"))
        #expect(output.stderr.contains("schema.yaml:7:17: error: parameter INAddToWishlistIntent.note has no 'type'"))
        #expect(output.stderr.contains("schema.yaml:10:7: error: intent 'INSendMessageIntent' is already in the schema (domain 'messaging')"))
        let json = try CLI.run(["check", "--grammars", grammars.path, "--locale", "en", "--format", "json"])
        #expect(json.status == 2)
        #expect(json.stdout.contains(#""errors":3"#) && json.stdout.contains(#""line":6,"column":25"#), "\(json.stdout)")
        // Every command loads the schema first: a parse stops there too.
        let parse = try CLI.run(["--grammars", grammars.path, "--locale", "en", "hello"])
        #expect(parse.status == 2 && parse.stdout.isEmpty)
    }

    @Test func malformedYAMLAndAWrongShape() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let broken = try grammars(schema: "domains:\n  shopping: {intents: [\n", in: folder)
        let output = try CLI.run(["check", "--grammars", broken.path, "--locale", "en"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("schema.yaml:3:1: error: not valid YAML"), "\(output.stderr)")
        try Data("- INAddToWishlistIntent\n".utf8).write(to: broken.appendingPathComponent("schema.yaml"))
        let list = try CLI.run(["check", "--grammars", broken.path, "--locale", "en"])
        #expect(list.status == 2)
        #expect(list.stderr.contains("schema.yaml:1:1: error: a schema file must be a mapping (key: value)"), "\(list.stderr)")
    }

    @Test func anIntentTheSchemaFileAddsIsParsedAndChecked() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let grammars = try grammars(
            schema: """
                domains:
                  shopping:
                    intents:
                      INAddToWishlistIntent:
                        parameters:
                          items: {type: speakableString, multiple: true, required: true}
                """,
            extra: [
                "wishlist.yaml": """
                language: en
                intents:
                  INAddToWishlistIntent:
                    data:
                      - sentences: ["add {wish:items} to my wishlist", "add to my wishlist"]
                lists:
                  wish: {wildcard: true}
                """
            ], in: folder)
        let app = folder.appendingPathComponent("Vocabulary/WishApp")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let plist: [String: Any] = [
            "CFBundleDisplayName": "WishApp", "CFBundleIdentifier": "com.example.wishapp",
            "NSExtension": ["NSExtensionAttributes": ["IntentsSupported": ["INAddToWishlistIntent"]]]
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: app.appendingPathComponent("Info.plist"))
        let vocabulary = app.deletingLastPathComponent().path
        let check = try CLI.run(["check", "--grammars", grammars.path, "--vocabulary", vocabulary, "--locale", "en"])
        #expect(check.status == 0, "\(check.stderr)")
        let parsed = try CLI.run(
            ["--grammars", grammars.path, "--vocabulary", vocabulary, "--locale", "en"],
            stdin: Data("add a kite and a bike to my wishlist\nadd to my wishlist\n".utf8))
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(parsed.lines.first?.contains(#""intent":"INAddToWishlistIntent","domain":"shopping","app":"WishApp""#) == true, "\(parsed.stdout)")
        #expect(parsed.lines.first?.contains(#""items":[{"spoken":"a kite"},{"spoken":"a bike"}]"#) == true)
        #expect(parsed.lines.last?.contains(#""missing":["items"]"#) == true)
        let dialog = try CLI.run(
            ["dialog", "--grammars", grammars.path, "--vocabulary", vocabulary, "--locale", "en"],
            stdin: Data("add to my wishlist\n".utf8))
        #expect(dialog.stdout == "What items?\n", "\(dialog.stdout)")
    }
}

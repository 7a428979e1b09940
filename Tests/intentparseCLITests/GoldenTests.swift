import Foundation
import IntentParseBase
import IntentParseTestSupport
import Testing

/// What people read, compared whole with files under `Tests/Golden/`: `--format text`,
/// `explain`, `dialog` and diagnostics. A deliberate change is recorded again with
/// `INTENTPARSE_RECORD_GOLDEN=1 swift test --filter GoldenTests`, and the diff reviewed.
///
/// Paths in the output are written relative to the folder the command ran in (`<root>`), so
/// the files hold on any checkout.
@Suite(.serialized) struct GoldenTests {
    static let folder = Repository.root.appendingPathComponent("Tests/Golden")
    static let now = ["--now", "2026-11-21T09:30:00-05:00"]

    /// Compares the command's standard output and error (and its status, when not 0) with
    /// `Tests/Golden/<name>.txt`, or writes the file when recording.
    private func expectGolden(
        _ name: String, _ arguments: [String], stdin: String? = nil, in directory: URL = Repository.root,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let output = try CLI.run(arguments, stdin: stdin.map { Data($0.utf8) }, in: directory)
        var text = "$ intentparse " + arguments.joined(separator: " ") + "\n" + output.stdout
        if !output.stderr.isEmpty { text += "--- standard error\n" + output.stderr }
        if output.status != 0 { text += "--- exit status \(output.status)\n" }
        text = text.replacingOccurrences(of: directory.path + "/", with: "<root>/")
        let file = GoldenTests.folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["INTENTPARSE_RECORD_GOLDEN"] != nil {
            try Data(text.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text == expected, "\(name).txt differs (record again with INTENTPARSE_RECORD_GOLDEN=1 if the change is meant)",
            sourceLocation: sourceLocation)
    }

    @Test func textFormatInEveryLanguage() throws {
        let sentences = [
            "MonkeyChat Bobo please send more bananas",
            "In ListOMat, add apples, bananas and pears to the grocery list",
            "send $20 to Coco with MonkeyPay for lunch",
            "MonkeyChat Bobo s'il vous plaît envoyer plus de bananes",
            "reserva una mesa para tres en Coconut Cafe el viernes a las 19:30 con MonkeyTable",
            "manda un messaggio a Coco su MonkeyChat dicendo arrivo alle otto",
            "schreib Coco mit MonkeyChat, dass ich gleich da bin",
            "TasksNotes'ta elmalar, muzlar ve armutlarla bir bakkal listesi yapın",
            "用MonkeyChat给Bobo发消息说多送点香蕉",
            "what's the weather"
        ]
        try expectGolden("parse-text", ["--format", "text"] + GoldenTests.now, stdin: sentences.joined(separator: "\n") + "\n")
    }

    @Test func explainAnAcceptedAndARejectedUtterance() throws {
        try expectGolden("explain-accepted", ["explain", "--locale", "en"] + GoldenTests.now + ["MonkeyChat Bobo please send more bananas"])
        try expectGolden("explain-rejected", ["explain", "--locale", "fr"] + GoldenTests.now + ["quel temps fait-il demain"])
    }

    @Test func aConversation() throws {
        try expectGolden("dialog-text", ["dialog", "--locale", "en"] + GoldenTests.now, stdin: "send money with MonkeyPay\nCoco\n$20\nyes\n")
        try expectGolden(
            "dialog-json", ["dialog", "--locale", "it", "--format", "json"] + GoldenTests.now,
            stdin: "manda un messaggio a Bobo su MonkeyChat\nil secondo\nci vediamo alle otto\nsì\n")
    }

    /// Several requests in one line: `also` in a parse's JSON and text, and a conversation that
    /// runs them in turn (`ended` holds the turns that ended before the one asking).
    @Test func severalRequestsInOneLine() throws {
        let line = "add milk to my grocery list and text Bobo I'm on my way\n"
        try expectGolden("parse-compound-json", ["--locale", "en"] + GoldenTests.now, stdin: line)
        try expectGolden("parse-compound-text", ["--locale", "en", "--format", "text"] + GoldenTests.now, stdin: line)
        try expectGolden(
            "dialog-compound-json", ["dialog", "--locale", "en", "--format", "json"] + GoldenTests.now, stdin: line + "the second one\nyes\n")
    }

    /// Grammar and vocabulary mistakes, as `check` reports them: file, line, column, a caret
    /// under the place, and the nearest name where there is one.
    @Test func diagnosticsOfBrokenFiles() throws {
        let temporary = try TemporaryFolder("intentparse-golden")
        defer { temporary.remove() }
        try temporary.write(
            """
            language: en
            intents:
              INSendMessageIntent:
                data:
                  - sentences:
                      - "send (a|the message to {recipients}"
                      - "tell {recipient} {content}"
                    slot:
                      content: hi
              INSendMesageIntent:
                data:
                  - sentences: ["text {recipients} {content}"]
            lists:
              recipients: {wildcard: true}
              content: {wildcard: true, wildcrd: true}
            """, to: "Grammars/en/messaging.yaml")
        try temporary.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>CFBundleDisplayName</key><string>MonkeyChat</string>
              <key>CFBundleIdentifier</key><string>com.example.monkeychat</string>
              <key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict>
                <key>IntentsSupported</key><array><string>INSendMessageIntent</string><integer>3</integer></array>
              </dict></dict>
            </dict></plist>
            """, to: "Vocabulary/MonkeyChat/Info.plist")
        try expectGolden("check-diagnostics", ["check", "--grammars", "Grammars", "--vocabulary", "Vocabulary"], in: temporary.url)
    }
}

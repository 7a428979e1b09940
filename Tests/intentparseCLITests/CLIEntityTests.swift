import Foundation
import Testing

/// Entities seen from the command line: --now and its offset, and entity data diagnostics.
@Suite(.serialized) struct CLIEntityTests {
    private func value(of parameter: String, in line: String) throws -> Any? {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let parameters = object?["parameters"] as? [String: Any]
        return (parameters?[parameter] as? [String: Any])?["value"]
    }

    @Test func nowCarriesItsOffsetIntoTheDates() throws {
        let request = "book a table for two at Jungle Grill tomorrow at 8 pm"
        let newYork = try CLI.run(["--locale", "en", "--now", "2026-11-21T09:30:00-05:00", request])
        #expect(newYork.status == 0)
        #expect(try value(of: "bookingDateComponents", in: newYork.lines.first ?? "") as? String == "2026-11-22T20:00:00-05:00")
        let utc = try CLI.run(["--locale", "en", "--now", "2026-11-21T23:30:00Z", request])
        #expect(try value(of: "bookingDateComponents", in: utc.lines.first ?? "") as? String == "2026-11-22T20:00:00Z")
    }

    @Test func currencyValuesAreObjects() throws {
        let output = try CLI.run(["--locale", "en", "send ten dollars and fifty cents to Coco"])
        let amount = try value(of: "currencyAmount", in: output.lines.first ?? "") as? [String: Any]
        #expect(amount?["amount"] as? Double == 10.5)
        #expect(amount?["currencyCode"] as? String == "USD")
    }

    @Test func badEntityDataExitsTwoWithFileLineAndCaret() throws {
        let temporary = try CLI.temporaryFolder()
        defer { CLI.remove(temporary) }
        let folder = temporary.appendingPathComponent("Grammars/en")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("entities"), withIntermediateDirectories: true)
        try Data("language: en\nintents:\n  INSendMessageIntent:\n    data:\n      - sentences: [\"text {content}\"]\nlists:\n  content: {wildcard: true}\n".utf8)
            .write(to: folder.appendingPathComponent("messaging.yaml"))
        try Data("language: en\nduration:\n  hours: [h]\n".utf8).write(to: folder.appendingPathComponent("entities/en.yaml"))
        let output = try CLI.run(["--grammars", folder.deletingLastPathComponent().path, "hello"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("entities/en.yaml:3:3: error: unknown duration unit 'hours' (did you mean 'hour'?)"))
        #expect(output.stderr.contains("^"))
        #expect(output.stdout.isEmpty)
    }
}

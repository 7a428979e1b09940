import Foundation
import IntentParseTestSupport
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
        let folder = try CLIEntityTests.englishGrammarFolder(in: temporary)
        try Data("language: en\nduration:\n  hours: [h]\n".utf8).write(to: folder.appendingPathComponent("entities/en.yaml"))
        let output = try CLI.run(["--grammars", folder.deletingLastPathComponent().path, "hello"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("entities/en.yaml:3:3: error: unknown duration unit 'hours' (did you mean 'hour'?)"))
        #expect(output.stderr.contains("^"))
        #expect(output.stdout.isEmpty)
    }

    /// The clock, weekday and currency-part keys: a bad value is a diagnostic with file, line
    /// and column, and `check` exits 2.
    @Test func badClockDataExitsTwoWithFileLineAndCaret() throws {
        let temporary = try CLI.temporaryFolder()
        defer { CLI.remove(temporary) }
        let folder = try CLIEntityTests.englishGrammarFolder(in: temporary)
        try Data("language: en\ndates:\n  weekdays: {funday: 8}\n  clock:\n    shifts: {half: 0}\n    befor_hour: {past: [past]}\n".utf8)
            .write(to: folder.appendingPathComponent("entities/en.yaml"))
        let output = try CLI.run(["check", "--grammars", folder.deletingLastPathComponent().path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("entities/en.yaml:3:22: error: weekdays: 'funday' needs a weekday number, 1 (Monday) to 7 (Sunday)"))
        #expect(output.stderr.contains("entities/en.yaml:5:20: error: clock shifts: 'half' needs minutes"))
        #expect(output.stderr.contains("entities/en.yaml:6:5: error: unknown key 'befor_hour' in clock (did you mean 'before_hour'?)"))
    }

    /// Times, days and amounts the shipped French and Chinese data say, from the command line.
    @Test func frenchAndChineseTimesDaysAndAmounts() throws {
        let french = try CLI.run([
            "--locale", "fr", "--now", "2026-11-24T10:00:00+01:00",
            "MonkeyTable réserve une table pour deux demain à 20h", "envoie 20 $ à Coco avec MonkeyPay",
            "réserve une table pour deux le 22 à huit heures et demie du soir"
        ])
        #expect(french.status == 0)
        #expect(try value(of: "bookingDateComponents", in: french.lines.first ?? "") as? String == "2026-11-25T20:00:00+01:00")
        let dollars = try value(of: "currencyAmount", in: french.lines.count > 1 ? french.lines[1] : "") as? [String: Any]
        #expect(dollars?["amount"] as? Double == 20)
        #expect(dollars?["currencyCode"] as? String == "USD")
        #expect(try value(of: "bookingDateComponents", in: french.lines.last ?? "") as? String == "2026-12-22T20:30:00+01:00")
        let chinese = try CLI.run(["--locale", "zh", "--now", "2026-11-24T10:00:00+08:00", "用MonkeyPay给Bobo转二十块五毛"])
        let yuan = try value(of: "currencyAmount", in: chinese.lines.first ?? "") as? [String: Any]
        #expect(yuan?["amount"] as? Double == 20.5)
        #expect(yuan?["currencyCode"] as? String == "CNY")
    }

    /// `Grammars/en` in `temporary`, with one messaging template and an empty `entities/` folder.
    private static func englishGrammarFolder(in temporary: URL) throws -> URL {
        let folder = temporary.appendingPathComponent("Grammars/en")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("entities"), withIntermediateDirectories: true)
        try Data(
            "language: en\nintents:\n  INSendMessageIntent:\n    data:\n      - sentences: [\"text {content}\"]\nlists:\n  content: {wildcard: true}\n"
                .utf8
        )
        .write(to: folder.appendingPathComponent("messaging.yaml"))
        return folder
    }
}

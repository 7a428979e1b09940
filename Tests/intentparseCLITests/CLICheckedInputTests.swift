import Foundation
import IntentParseTestSupport
import Testing

/// Options and corpus files are checked: a value that cannot be what the user meant is an
/// error naming the option or the file, line and column (exit 2), never a silent run.
@Suite(.serialized) struct CLICheckedInputTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `intentparse test --locale en` on a corpus file `name` holding `text`, in a folder of its own.
    private func testCorpus(_ text: String, named name: String) throws -> CLI.Output {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let corpus = folder.appendingPathComponent(name)
        try write(text, to: corpus)
        return try CLI.run(["test", "--locale", "en", corpus.path])
    }

    private func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    @Test func anImpossibleDateIsNoReferenceTime() throws {
        for date in ["2026-02-30T10:00:00Z", "2026-04-31T09:30:00-05:00", "2026-02-29T10:00:00"] {
            let output = try CLI.run(["--locale", "en", "--now", date, "remind me tomorrow"])
            #expect(output.status == 2, "\(date)")
            #expect(output.stderr.contains("--now '\(date)' is not an ISO 8601 date and time"), "\(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
        let output = try testCorpus(
            "language: en\nnow: 2026-02-30T10:00:00Z\ntests:\n  - sentences: [\"call Coco\"]\n    intent: INStartCallIntent\n",
            named: "now.yaml")
        #expect(output.status == 2)
        #expect(output.stderr.contains("now.yaml:2:6: error: now: '2026-02-30T10:00:00Z' is not an ISO 8601 date and time"), "\(output.stderr)")
    }

    @Test func aCorpusIntentMustBeAnIntentOfTheLoadedSchema() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        try write(
            """
            language: en
            tests:
              - sentences: ["call Coco"]
                intent: 42
              - sentences: ["MonkeyChat Bobo please send more bananas"]
                intent: INSendMesageIntent
              - sentences: ["order a large pepperoni pizza from PizzaMonkey"]
                intent: OrderPizzaIntent
              - sentences: ["what's the weather"]
                intent: null
            """, to: folder.appendingPathComponent("cases.yaml"))
        try write(
            """
            language: en
            dialogues:
              - name: a typo in a turn
                turns:
                  - user: text Coco saying hi
                    intent: INSendMessageIntnt
            """, to: folder.appendingPathComponent("dialogues/messaging.yaml"))
        let output = try CLI.run(["test", "--locale", "en", folder.path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("cases.yaml:4:13: error: intent: '42' is no intent name"), "\(output.stderr)")
        #expect(output.stderr.contains("cases.yaml:6:13: error: unknown intent 'INSendMesageIntent' (did you mean 'INSendMessageIntent'?)"))
        #expect(output.stderr.contains("messaging.yaml:6:17: error: unknown intent 'INSendMessageIntnt' (did you mean 'INSendMessageIntent'?)"))
        #expect(!output.stderr.contains("OrderPizzaIntent"), "a loaded app's custom intent is an intent")
        #expect(output.stdout.isEmpty, "no case runs from a file with errors")
        // Without the app that defines it, a custom intent is unknown too.
        let empty = folder.appendingPathComponent("NoApps")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let withoutApps = try CLI.run(["test", "--locale", "en", "--vocabulary", empty.path, folder.appendingPathComponent("cases.yaml").path])
        #expect(withoutApps.status == 2)
        #expect(withoutApps.stderr.contains("cases.yaml:8:13: error: unknown intent 'OrderPizzaIntent'"), "\(withoutApps.stderr)")
    }

    @Test func aCaseNeedsASentence() throws {
        let output = try testCorpus(
            "language: en\ntests:\n  - sentences: []\n    intent: INStartCallIntent\n  - sentences:\n    intent: INStartCallIntent\n",
            named: "empty.yaml")
        #expect(output.status == 2)
        #expect(output.stderr.contains("empty.yaml:3:16: error: a test case needs at least one sentence"), "\(output.stderr)")
        #expect(output.stderr.contains("empty.yaml:5:15: error: a test case needs at least one sentence"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func aTagNoCaseCarriesIsAnErrorListingTheTags() throws {
        let output = try CLI.run(["test", "--locale", "en", "Corpus/en/dialogues/messaging.yaml", "--only", "clasic"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--only 'clasic': no case carries this tag (did you mean 'classic'?); the tags are "), "\(output.stderr)")
        #expect(output.stderr.contains("classic, "))
        #expect(!output.stdout.contains("0 passed, 0 failed"))
        let none = try CLI.run(["test", "--locale", "en", "Corpus/en/messaging.yaml", "--only", "nosuchtag"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("--only 'nosuchtag': no case carries this tag"))
        // A language no case is written in selects nothing either.
        let french = try CLI.run(["test", "--locale", "fr", "Corpus/en/messaging.yaml"])
        #expect(french.status == 2)
        #expect(french.stderr.contains("--locale 'fr': no case is written in this language; the cases are in en"), "\(french.stderr)")
    }

    @Test func confirmIntentsMustBeIntentsOfTheSchema() throws {
        let input = Data("text Coco saying hi\n".utf8)
        let bogus = try CLI.run(["dialog", "--locale", "en", "--confirm-intents", "INBogusIntent"], stdin: input)
        #expect(bogus.status == 2)
        #expect(
            bogus.stderr.contains("error: --confirm-intents: unknown intent 'INBogusIntent'; the loaded intents are INAddTasksIntent, "),
            "\(bogus.stderr)")
        #expect(bogus.stdout.isEmpty)
        let typo = try CLI.run(["dialog", "--locale", "en", "--confirm-intents", "INSendPaymentIntent,INSendMesageIntent"], stdin: input)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown intent 'INSendMesageIntent' (did you mean 'INSendMessageIntent'?)"), "\(typo.stderr)")
        #expect(try CLI.run(["dialog", "--locale", "en", "--confirm-intents", "INSendPaymentIntent,,"], stdin: input).status == 2)
        let custom = try CLI.run(["dialog", "--locale", "en", "--confirm-intents", "OrderPizzaIntent, INSendPaymentIntent"], stdin: input)
        #expect(custom.status == 0, "\(custom.stderr)")
        // INSendMessageIntent no longer asks "Ready to send it?": the message is sent.
        #expect(custom.stdout.contains("sent"), "\(custom.stdout)")
        #expect(try CLI.run(["dialog", "--locale", "en", "--confirm-intents", "none"], stdin: input).status == 0)
    }

    /// Paths the options name are checked before the work starts.
    @Test func optionPathsAreCheckedFirst() throws {
        let junit = try CLI.run(["test", "--locale", "en", "--junit", "/nonexistent/report.xml", "Corpus/en/calling.yaml"])
        #expect(junit.status == 2)
        #expect(junit.stderr.hasPrefix("/nonexistent/report.xml: error: cannot write the JUnit report in /nonexistent: "), "\(junit.stderr)")
        #expect(junit.stdout.isEmpty, "no corpus is run for a report that cannot be written")
        let corpus = try CLI.run(["check", "--corpus", "/nonexistent"])
        #expect(corpus.status == 2)
        #expect(corpus.stderr.contains("--corpus '/nonexistent' is not a folder"))
        #expect(!corpus.stderr.contains("no corpus file"))
        for option in ["--grammars", "--vocabulary"] {
            let empty = try CLI.run([option, "", "hi"])
            #expect(empty.status == 2)
            #expect(empty.stderr.contains("\(option) needs a folder, not an empty path"))
        }
    }

    @Test func checkPrintsJSON() throws {
        let output = try CLI.run(["check", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try object(output.stdout)
        #expect((json["apps"] as? Int ?? 0) > 0)
        #expect((json["locales"] as? [String])?.contains("en") == true)
        #expect((json["templates"] as? Int ?? 0) > 0)
        let examples = json["intentExamples"] as? [String: Any]
        #expect((examples?["total"] as? Int ?? 0) > 0)
        #expect(examples?["failed"] as? Int == 0)
        #expect(json["errors"] as? Int == 0)
        #expect(json["diagnostics"] is [Any])
        #expect(output.stderr.isEmpty, "diagnostics go into the JSON")
    }

    /// A reply is matched on its own words: a dialogue template naming a grammar rule could
    /// never match, so loading says so, at the template.
    @Test func aDialogueTemplateNamingARuleIsAnError() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        try write(
            "language: en\nintents:\n  INStartCallIntent:\n    data:\n      - sentences: [\"call {person:contacts}\"]\nlists:\n  person: {wildcard: true}\n",
            to: folder.appendingPathComponent("Grammars/en/calling.yaml"))
        try write(
            "language: en\ncapabilities:\n  - \"what can i do\"\n  - \"{app} <s_loc> what can i do\"\n",
            to: folder.appendingPathComponent("Grammars/en/dialogue/en.yaml"))
        let output = try CLI.run(["check", "--grammars", folder.appendingPathComponent("Grammars").path])
        #expect(output.status == 2)
        #expect(
            output.stderr.contains("Grammars/en/dialogue/en.yaml:4:5: error: a dialogue template cannot use the rule <s_loc>: write its words out"),
            "\(output.stderr)")
    }

    @Test func checkPrintsFileErrorsAsJSON() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        try write(
            "language: en\nintents:\n  INSendMessageIntent:\n    data:\n      - sentences:\n          - \"send (a message\"\n",
            to: folder.appendingPathComponent("Grammars/en/messaging.yaml"))
        let output = try CLI.run(["check", "--format", "json", "--grammars", folder.appendingPathComponent("Grammars").path])
        #expect(output.status == 2)
        let json = try object(output.stdout)
        #expect((json["errors"] as? Int ?? 0) >= 1)
        let diagnostics = json["diagnostics"] as? [[String: Any]] ?? []
        let error = diagnostics.first { $0["severity"] as? String == "error" }
        #expect((error?["file"] as? String)?.hasSuffix("Grammars/en/messaging.yaml") == true)
        #expect(error?["line"] as? Int == 6)
        #expect(error?["column"] as? Int == 19)
        #expect((error?["message"] as? String)?.contains("'(' is never closed") == true)
    }

    @Test func explainPrintsJSON() throws {
        let output = try CLI.run(["explain", "--format", "json", "--locale", "en", "MonkeyChat Bobo please send more bananas"])
        #expect(output.status == 0)
        let json = try object(output.stdout)
        #expect(json["text"] as? String == "MonkeyChat Bobo please send more bananas")
        let tokens = json["tokens"] as? [[String: Any]] ?? []
        #expect(tokens.first?["text"] as? String == "MonkeyChat")
        #expect(tokens.first?["range"] as? [Int] == [0, 10])
        let best = (json["interpretations"] as? [[String: Any]])?.first
        #expect(best?["intent"] as? String == "INSendMessageIntent")
        #expect((best?["app"] as? [String: Any])?["name"] as? String == "MonkeyChat")
        let template = best?["template"] as? [String: Any]
        #expect(template?["text"] as? String == "{app} {person:recipients} please {content}")
        #expect((template?["file"] as? String)?.hasSuffix("Grammars/en/messaging.yaml") == true)
        #expect(template?["line"] is Int)
        let slots = best?["slots"] as? [[String: Any]] ?? []
        #expect(
            slots.contains {
                $0["parameter"] as? String == "content" && $0["spoken"] as? String == "send more bananas" && $0["range"] as? [Int] == [23, 40]
            })
        #expect((best?["evidence"] as? [String: Any])?["wildcard"] is Int)
        #expect((best?["score"] as? Double ?? 0) > 0)
        let rejected = try object(try CLI.run(["explain", "--format", "json", "--locale", "en", "what's the weather"]).stdout)
        #expect((rejected["interpretations"] as? [Any])?.isEmpty == true)
        #expect(rejected["reason"] is String)
        // A rejected line names the templates that came nearest and the word each stopped at,
        // and what the second stage tried (here vetoed: a question about the fare).
        let near = try object(
            try CLI.run(["explain", "--format", "json", "--locale", "en", "get me an uber for 3 people uptown, how much will it cost"]).stdout)
        let tried = try #require(near["frames"] as? [[String: Any]])
        #expect(tried.contains { $0["intent"] as? String == "INRequestRideIntent" && $0["outcome"] as? String == "excluded" })
        let nearest = try #require(near["nearest"] as? [[String: Any]])
        #expect(nearest.count == 3)
        #expect(nearest.first?["intent"] as? String == "INRequestRideIntent")
        #expect((nearest.first?["template"] as? [String: Any])?["file"] as? String == "\(Repository.root.path)/Grammars/en/rideBooking.yaml")
        #expect(nearest.first?["wordsMatched"] as? Int == 7)
        let stop = try #require(nearest.first?["stoppedAt"] as? [String: Any])
        #expect(stop["text"] as? String == "uptown" && stop["range"] as? [Int] == [28, 34])
        // Without the question, no template takes it and the second stage reads it.
        let read = try object(try CLI.run(["explain", "--format", "json", "--locale", "en", "get me an uber for 3 people uptown"]).stdout)
        let frameReading = try #require((read["interpretations"] as? [[String: Any]])?.first)
        #expect(frameReading["intent"] as? String == "INRequestRideIntent")
        #expect((frameReading["score"] as? Double ?? 1) < 0.4)
        #expect((read["frames"] as? [[String: Any]])?.contains { $0["outcome"] as? String == "read" } == true)
        let counts = nearest.compactMap { $0["wordsMatched"] as? Int }
        #expect(counts == counts.sorted(by: >))
        let accepted = try object(try CLI.run(["explain", "--format", "json", "--locale", "en", "call Coco"]).stdout)
        #expect(accepted["nearest"] == nil)
    }
}

/// `test` on requests in JSON Lines: the figures a grammar is measured by.
@Suite struct CLIRequestFileTests {
    @Test func aRequestFilePrintsRecallAndFalseAccepts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            """
            {"text": "MonkeyChat Bobo please send more bananas", "intent": "INSendMessageIntent"}
            {"text": "what's the weather like tomorrow", "intent": null}
            {"text": "play some jazz", "intent": "INRequestRideIntent"}
            """, to: "requests.jsonl")
        let output = try CLI.run(["test", "--locale", "en", folder.url.appendingPathComponent("requests.jsonl").path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("in-scope recall 0.500 (1 of 2 read as their intent)"))
        #expect(output.stdout.contains("out-of-scope false accepts 0.000 (0 of 1)"))
        #expect(output.stdout.contains("requests.jsonl:3: FAIL \"play some jazz\""))
        #expect(output.stdout.hasSuffix("2 passed, 1 failed\n"))
    }
}

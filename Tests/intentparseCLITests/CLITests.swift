import Foundation
import IntentParseTestSupport
import Testing

@Suite(.serialized) struct CLITests {
    @Test func parsesStandardInputOneJSONLinePerLine() throws {
        let input = "MonkeyChat Bobo please send more bananas\n\nwhat's the weather\n"
        let output = try CLI.run([], stdin: Data(input.utf8))
        #expect(output.status == 0)
        #expect(output.lines.count == 3)
        let first = try JSONSerialization.jsonObject(with: Data(output.lines[0].utf8)) as? [String: Any]
        #expect(first?["intent"] as? String == "INSendMessageIntent")
        #expect(first?["app"] as? String == "MonkeyChat")
        #expect(output.lines[0].hasPrefix(#"{"text":"MonkeyChat Bobo please send more bananas","locale":"en","intent":"#))
        #expect(output.lines[1].contains(#""intent":null"#) && output.lines[1].contains("empty utterance"))
        #expect(output.lines[2].contains(#""intent":null"#))
    }

    @Test func invalidUTF8IsRejectedForItsLineOnly() throws {
        var input = Data("send a message to Coco saying hi\n".utf8)
        input.append(contentsOf: [0x66, 0xFF, 0xFE, 0x0A])
        input.append(Data("add eggs to my grocery list in ListOMat\n".utf8))
        let output = try CLI.run(["parse", "--locale", "en"], stdin: input)
        #expect(output.status == 0)
        #expect(output.lines.count == 3)
        #expect(output.lines[1].contains("not valid UTF-8"))
        #expect(output.stderr.contains("<stdin>:2"))
        #expect(output.lines[2].contains("INAddTasksIntent"))
    }

    /// Lines that straddle the reader's chunks come out whole and in order, each once,
    /// including a last line with no newline and lines ending in CRLF.
    @Test func manyLinesAcrossReadChunksComeOutWholeAndInOrder() throws {
        let texts = (0..<12_000).map { "line \($0) " + String(repeating: "x", count: $0 % 23) }
        let input = texts.enumerated().map { $0.offset % 7 == 0 ? $0.element + "\r\n" : $0.element + "\n" }.joined().dropLast()
        #expect(input.utf8.count > 3 * 64 * 1024)
        let output = try CLI.run(["--locale", "en"], stdin: Data(input.utf8))
        #expect(output.status == 0)
        let echoed = output.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
        }
        #expect(echoed == texts)
    }

    @Test func aOneMegabyteLineGetsABoundedRejection() throws {
        let line = String(repeating: "banana ", count: 150_000) + "\n"
        let output = try CLI.run(["--locale", "en"], stdin: Data(line.utf8))
        #expect(output.status == 0)
        #expect(output.lines.count == 1)
        #expect(output.lines[0].contains("too long"))
    }

    @Test func textFormat() throws {
        let output = try CLI.run(["--locale", "en", "--format", "text", "In ListOMat, add apples, bananas and pears to the grocery list"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("INAddTasksIntent (listsAndNotes)"))
        #expect(output.stdout.contains(#""apples" · "bananas" · "pears""#))
    }

    @Test func checkPassesOnTheShippedFiles() throws {
        let output = try CLI.run(["check"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("IntentExamples parse as promised"))
    }

    @Test func testCommandReportsCountsAndFailures() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let corpus = folder.appendingPathComponent("bad.yaml")
        try Data(
            """
            language: en
            tests:
              - sentences: ["MonkeyChat Bobo please send more bananas"]
                intent: INSendMessageIntent
                app: MonkeyChat
                parameters: {recipients: [Bobo], content: send more bananas}
              - sentences: ["add eggs to my grocery list in ListOMat"]
                intent: INCreateNoteIntent
            """.utf8
        ).write(to: corpus)
        let output = try CLI.run(["test", "--locale", "en", corpus.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("1 passed, 1 failed"))
        #expect(output.stdout.contains("bad.yaml:7: FAIL"))
        #expect(output.stdout.contains("intent: expected INCreateNoteIntent, got INAddTasksIntent"))
    }

    @Test func badGrammarExitsTwoWithFileLineAndCaret() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let grammars = folder.appendingPathComponent("Grammars/en")
        try FileManager.default.createDirectory(at: grammars, withIntermediateDirectories: true)
        try Data("language: en\nintents:\n  INSendMessageIntent:\n    data:\n      - sentences:\n          - \"send (a message\"\n".utf8)
            .write(to: grammars.appendingPathComponent("messaging.yaml"))
        let output = try CLI.run(["--grammars", grammars.deletingLastPathComponent().path, "hello"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("messaging.yaml:6:19: error: bad template: '(' is never closed"))
        #expect(output.stderr.contains("^"))
        #expect(output.stdout.isEmpty)
    }

    @Test func theShippedGrammarsLoadWithAnyonesOwnVocabulary() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let empty = folder.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let parsed = try CLI.run(["--locale", "en", "--vocabulary", empty.path], stdin: Data("hi\nsend a message to Coco saying hi\n".utf8))
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(parsed.lines.count == 2)
        #expect(!parsed.stderr.contains("OrderPizzaIntent"))
        // check reports the custom intent's templates as inactive, once, and passes.
        let checked = try CLI.run(["check", "--vocabulary", empty.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr.components(separatedBy: "no loaded app declares intent 'OrderPizzaIntent'").count == 2)
        #expect(checked.stderr.contains("custom.yaml:"))
        #expect(try CLI.run(["check", "--strict", "--vocabulary", empty.path]).status == 2)
        #expect(try CLI.run(["--strict", "--locale", "en", "--vocabulary", empty.path, "hi"]).status == 2)
    }

    @Test func aBrokenAppIsReportedAndSkippedWhileTheOthersLoad() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let vocabulary = folder.appendingPathComponent("Vocabulary")
        try FileManager.default.createDirectory(at: vocabulary, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLI.root.appendingPathComponent("Vocabulary/MonkeyChat"), to: vocabulary.appendingPathComponent("MonkeyChat"))
        try FileManager.default.createDirectory(at: vocabulary.appendingPathComponent("Broken"), withIntermediateDirectories: true)
        try Data("<plist><dict><key>CFBundleName".utf8).write(to: vocabulary.appendingPathComponent("Broken/Info.plist"))
        let parsed = try CLI.run(["--locale", "en", "--vocabulary", vocabulary.path, "MonkeyChat Bobo please send more bananas"])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(parsed.lines.first?.contains(#""intent":"INSendMessageIntent""#) == true)
        #expect(parsed.stderr.contains("Broken: warning: app not loaded"))
        #expect(parsed.stderr.contains("Broken/Info.plist"))
        let checked = try CLI.run(["check", "--vocabulary", vocabulary.path])
        #expect(checked.status == 2)
        #expect(checked.stderr.contains("Broken/Info.plist: error:"))
        #expect(try CLI.run(["--strict", "--locale", "en", "--vocabulary", vocabulary.path, "hi"]).status == 2)
    }

    @Test func numericOptionsOutOfRangeExitTwoInsteadOfTrapping() throws {
        let input = Data("send $20 to Coco with MonkeyPay\nyes\n".utf8)
        for value in ["1e11", "inf", "nan", "0", "-1"] {
            let output = try CLI.run(["dialog", "--locale", "en", "--handler-timeout=\(value)"], stdin: input)
            #expect(output.status == 2, "--handler-timeout \(value): \(output.stderr)")
            #expect(output.stderr.contains("--handler-timeout"))
        }
        #expect(try CLI.run(["dialog", "--locale", "en", "--handler-timeout", "2.5"], stdin: input).status == 0)
        #expect(try CLI.run(["bench", "--locale", "en", "--parses", "0"]).status == 2)
        #expect(try CLI.run(["bench", "--locale", "en", "--generate", "-5"]).status == 2)
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try CLI.run(["--format", "xml", "hi"]).status == 2)
        #expect(try CLI.run(["--now", "yesterday", "hi"]).status == 2)
        #expect(try CLI.run(["--locale", "en", "--app", "NoSuchApp", "hi"]).status == 2)
        #expect(try CLI.run(["--locale", "en", "--vocabulary", "/nonexistent", "hi"]).status == 2)
    }

    @Test func aLocaleLoadsOnlyItsOwnGrammar() throws {
        // A region loads its language's folder.
        let american = try CLI.run(["--locale", "en-US", "call Coco"])
        #expect(american.status == 0, "\(american.stderr)")
        #expect(american.lines.first?.contains(#""locale":"en","intent":"INStartCallIntent""#) == true)
        // A locale with no folder names the folders there are.
        let dutch = try CLI.run(["--locale", "nl", "bel Coco"])
        #expect(dutch.status == 2)
        #expect(dutch.stderr.contains("no grammar folder for locale 'nl'; the folder has de, en, es, fr, it, tr, zh"))
        #expect(dutch.stdout.isEmpty)
        // `test --locale` runs the cases written in that language only.
        let german = try CLI.run(["test", "--locale", "de", "Corpus/de/calling.yaml", "Corpus/en/calling.yaml"])
        #expect(german.status == 0, "\(german.stdout)")
        #expect(german.stdout.contains("locale de:"))
        #expect(!german.stdout.contains("locale en:"))
    }

    @Test func theUsersLanguageAnswersWhenALineSaysNothingOfItsOwn() throws {
        // An empty line says nothing of its language: the environment's is spoken.
        let french = try CLI.run(["dialog"], stdin: Data("\n".utf8), environment: ["LANG": "fr_FR.UTF-8"])
        #expect(french.stdout == "Désolé, je n'ai pas compris.\n")
        let italian = try CLI.run(["dialog"], stdin: Data("\n".utf8), environment: ["LANG": "fr_FR.UTF-8", "LC_ALL": "it_IT.UTF-8"])
        #expect(italian.stdout == "Scusa, non ho capito.\n")
        // A request in a language is answered in it, whatever the environment's.
        let english = try CLI.run(["dialog"], stdin: Data("text Kong\n".utf8), environment: ["LANG": "fr_FR.UTF-8"])
        #expect(english.stdout == "12 contacts match \"Kong\". Who exactly?\n")
        // No language in the environment (or "C"): ICU's default locale, en_US_POSIX, not the
        // first folder in alphabetical order. A line of an English app name and English words
        // German also reads ("MonkeyChat great job everyone") is English then.
        for environment in [[:], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"]] {
            let unset = try CLI.run(["dialog"], stdin: Data("\n".utf8), environment: environment)
            #expect(unset.stdout == "Sorry, I didn't catch that.\n", "\(environment)")
            let parsed = try CLI.run(["parse"], stdin: Data("MonkeyChat great job everyone\nhi\n".utf8), environment: environment)
            #expect(parsed.lines.count == 2 && parsed.lines.allSatisfy { $0.contains("\"locale\":\"en\"") }, "\(parsed.stdout)")
        }
        let german = try CLI.run(["parse"], stdin: Data("MonkeyChat great job everyone\n".utf8), environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.stdout.contains("\"locale\":\"de\""))
    }

    @Test func explainShowsTemplateSlotsAndScore() throws {
        let output = try CLI.run(["explain", "--locale", "en", "MonkeyChat Bobo please send more bananas"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("template  \"{app} {person:recipients} please {content}\""))
        #expect(output.stdout.contains("slot      content = \"send more bananas\""))
        #expect(output.stdout.contains("evidence"))
    }
}

@Suite(.serialized) struct CLIDialogueAndMetricsTests {
    @Test func dialogPrintsOneJSONLinePerUserLine() throws {
        let input = "send a MonkeyChat message\nBobo\nthe first one\nsend more bananas\nyes\n"
        let output = try CLI.run(["dialog", "--format", "json"], stdin: Data(input.utf8))
        #expect(output.status == 0)
        #expect(output.lines.count == 5)
        #expect(
            output.lines[0].hasPrefix(
                #"{"state":"needsValue","parameter":"recipients","prompt":"Who do you want to message?","options":[],"intent":{"text":"send a MonkeyChat message","locale":"en","intent":"INSendMessageIntent""#
            ))
        #expect(
            output.lines[1].contains(#""state":"disambiguation""#)
                && output.lines[1].contains(#""options":["Bobo the Great","Bobo Jr.","Little Bobo"]"#))
        #expect(output.lines[4].contains(#""state":"done""#) && output.lines[4].contains(#""response":{"code":"success","text":"OK, I sent it."}"#))
    }

    @Test func dialogTextShowsPrompts() throws {
        let output = try CLI.run(["dialog", "--locale", "en"], stdin: Data("text Kong\n".utf8))
        #expect(output.stdout == "12 contacts match \"Kong\". Who exactly?\n")
    }

    @Test func aSessionFileCarriesAConversationAcrossRuns() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let session = folder.appendingPathComponent("session.json")
        let first = try CLI.run(["dialog", "--locale", "en", "--session", session.path], stdin: Data("text Bobo\n".utf8))
        #expect(first.stdout.hasPrefix("Which one?"))
        let second = try CLI.run(["dialog", "--locale", "en", "--session", session.path], stdin: Data("the second one\n".utf8))
        #expect(second.stdout == "What do you want to say to Bobo Jr.?\n")
        try Data("{not json".utf8).write(to: session)
        let corrupt = try CLI.run(["dialog", "--locale", "en", "--session", session.path], stdin: Data("hi\n".utf8))
        #expect(corrupt.status == 2)
        #expect(corrupt.stderr.contains("session.json: error: corrupt session file"))
    }

    @Test func testReportsMetricsJSONAndJUnit() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let junit = folder.appendingPathComponent("report.xml")
        let output = try CLI.run(["test", "--locale", "en", "Corpus/en/messaging.yaml", "--format", "json", "--junit", junit.path])
        #expect(output.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect((json?["failed"] as? Int) == 0)
        #expect((json?["intents"] as? [[String: Any]])?.contains { $0["intent"] as? String == "INSendMessageIntent" } == true)
        #expect(json?["falseAcceptRate"] as? Double == 0)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"Corpus/en/messaging.yaml\""))
        #expect(xml.contains("failures=\"0\""))
    }

    @Test func testTextEndsWithTheCounts() throws {
        let output = try CLI.run(["test", "--locale", "en", "Corpus/en/dialogues/messaging.yaml", "--only", "classic"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("precision"))
        #expect(output.lines.last?.hasSuffix("passed, 0 failed") == true)
    }

    @Test func benchReportsItsFigures() throws {
        let output = try CLI.run(["bench", "--locale", "en", "--format", "json", "--generate", "20", "--parses", "100"])
        #expect(output.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect((json?["parses"] as? Int ?? 0) >= 100)
        #expect((json?["utterancesPerSecond"] as? Double ?? 0) > 0)
        let latency = json?["latency"] as? [String: Any]
        #expect((latency?["p99Microseconds"] as? Double ?? 0) >= (latency?["medianMicroseconds"] as? Double ?? 0))
        #expect(json?["firstLineMilliseconds"] is Double)
    }
}

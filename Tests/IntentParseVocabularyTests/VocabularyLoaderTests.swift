import Foundation
import IntentParseBase
import IntentParseSchema
import IntentParseTestSupport
import IntentParseVocabulary
import Testing

@testable import IntentParseVocabulary

/// Writes app folders into a fresh temporary directory, removed with the fixture.
final class AppFixture {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("intentparse-vocab-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ relativePath: String, _ plist: Any, format: PropertyListSerialization.PropertyListFormat = .xml) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
        try writeData(relativePath, data)
    }

    func writeData(_ relativePath: String, _ data: Data) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    static func info(_ name: String, intents: [String] = ["INSendMessageIntent"]) -> [String: Any] {
        [
            "CFBundleDisplayName": name, "CFBundleIdentifier": "com.example.\(name.lowercased())",
            "INAlternativeAppNames": [["INAlternativeAppName": "\(name) Pro", "INAlternativeAppNamePronunciationHint": "pro"]],
            "NSExtension": ["NSExtensionAttributes": ["IntentsSupported": intents]]
        ]
    }

    func load() -> (apps: [AppVocabulary], diagnostics: [Diagnostic]) {
        do {
            let loaded = try VocabularyLoader(schema: try .siriKit()).load(directory: root)
            return (loaded.apps, loaded.warnings)
        } catch let error as DiagnosticError {
            return ([], error.diagnostics)
        } catch {
            return ([], [])
        }
    }
}

@Suite struct VocabularyLoaderTests {
    static let shipped = Repository.vocabulary

    @Test func loadsTheShippedApps() throws {
        let apps = try VocabularyLoader(schema: try .siriKit()).load(directory: VocabularyLoaderTests.shipped).apps
        let listOMat = try #require(apps.first { $0.displayName == "List-o-Mat" })
        #expect(listOMat.alternativeNames.contains { $0.name == "ListOMat" && $0.pronunciationHint == "list oh mat" })
        #expect(listOMat.supports("INAddTasksIntent"))
        let titles = listOMat.localization(for: "en")?.userVocabulary["notebookItemTitle"]?.map(\.displayName) ?? []
        #expect(titles.starts(with: ["Grocery", "Grocery Store", "Hardware Store"]))
    }

    @Test func readsXMLAndBinaryPlists() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"), format: .binary)
        try fixture.write(
            "Chat/en.lproj/UserVocabulary.plist", ["contactName": ["Ann", ["identifier": "bo", "phrase": "Bo", "pronunciation": "bow"]]],
            format: .binary)
        try fixture.write(
            "Chat/en.lproj/AppIntentVocabulary.plist",
            [
                "IntentPhrases": [["IntentName": "INSendMessageIntent", "IntentExamples": ["Chat Ann hello"]]]
            ])
        let (apps, diagnostics) = fixture.load()
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        let contacts = try #require(apps.first?.localization(for: "en")?.userVocabulary["contactName"])
        #expect(contacts.map(\.displayName) == ["Ann", "Bo"])
        #expect(contacts[1].identifier == "bo")
        #expect(contacts[1].phrases.first?.pronunciation == "bow")
        #expect(contacts.map(\.priority) == [0, 1])
        #expect(apps.first?.localization(for: "en")?.intentPhrases.first?.examples == ["Chat Ann hello"])
    }

    @Test func localeFallsBackToLanguageThenBase() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"))
        try fixture.write("Chat/zh.lproj/UserVocabulary.plist", ["contactName": ["妈妈"]])
        try fixture.write("Chat/Base.lproj/UserVocabulary.plist", ["contactName": ["Mum"]])
        let app = try #require(fixture.load().apps.first)
        #expect(app.localization(for: "zh-Hans")?.folder == "zh.lproj")
        #expect(app.localization(for: "fr")?.folder == "Base.lproj")
    }

    @Test func eachFileFallsBackOnItsOwn() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"))
        try fixture.write("Chat/en.lproj/UserVocabulary.plist", ["contactName": ["Bobo"]])
        try fixture.write(
            "Chat/en.lproj/AppIntentVocabulary.plist", ["IntentPhrases": [["IntentName": "INSendMessageIntent", "IntentExamples": ["text Bobo"]]]])
        try fixture.write(
            "Chat/fr.lproj/AppIntentVocabulary.plist", ["IntentPhrases": [["IntentName": "INSendMessageIntent", "IntentExamples": ["écris à Bobo"]]]])
        var info = AppFixture.info("Chat")
        info["CFBundleDevelopmentRegion"] = "en"
        try fixture.write("Chat/Info.plist", info)
        let app = try #require(fixture.load().apps.first)
        let french = try #require(app.localization(for: "fr-CA"))
        #expect(french.folder == "fr.lproj")
        #expect(french.intentPhrases.first?.examples == ["écris à Bobo"])
        #expect(french.userVocabulary["contactName"]?.map(\.displayName) == ["Bobo"])
        #expect(app.localization(for: "en")?.intentPhrases.first?.examples == ["text Bobo"])
    }

    // Found by Fuzz/FuzzPlists and Fuzz/FuzzIntentDefinition: a binary plist holding a set
    // (marker 0xC_) crashed Foundation's PropertyListSerialization (a segmentation fault while
    // it bridged the set), and with it `intentparse check`.
    @Test(arguments: [
        "Info.plist", "en.lproj/AppIntentVocabulary.plist", "en.lproj/UserVocabulary.plist", "Intents.intentdefinition", "Shortcuts.plist"
    ])
    func aBinaryPlistWithASetIsAnErrorNotACrash(_ file: String) throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"))
        // bplist00: object 0 an array of object 1, a set of objects 2 and 3, two strings.
        var plist = Array("bplist00".utf8) + [0xA1, 1, 0xC2, 2, 3, 0x51, 0x61, 0x51, 0x62]
        plist += [8, 10, 13, 15] + [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [4, 0, 17] as [UInt64] { plist += withUnsafeBytes(of: value.bigEndian, Array.init) }
        try fixture.writeData("Chat/\(file)", Data(plist))
        let errors = fixture.load().diagnostics.filter { $0.severity == .error }
        #expect(
            errors.contains { $0.location.file.hasSuffix("Chat/\(file)") && $0.message.contains("object 1 of the binary property list is a set") })
    }

    @Test func binaryPlistsWithoutSetsAreReadAsBefore() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["a": [1, "b", ["c": true]]], format: .binary, options: 0)
        #expect(PlistReader.setObject(inBinary: data) == nil)
        #expect(PlistReader.setObject(inBinary: Data("bplist00".utf8)) == nil)
        #expect(PlistReader.setObject(inBinary: Data(Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 40))) == nil)
    }

    @Test func malformedPlistNamesTheFile() throws {
        let fixture = AppFixture()
        try fixture.writeData("Chat/Info.plist", Data("<plist><dict><key>x".utf8))
        let errors = fixture.load().diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.location.file.hasSuffix("Chat/Info.plist") && $0.message.contains("not a valid property list") })
    }

    @Test func unknownNamesAreReportedWithKeyPathAndSuggestion() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat", intents: ["INSendMesageIntent"]))
        try fixture.write("Chat/en.lproj/UserVocabulary.plist", ["contactNames": ["Ann"]])
        try fixture.write(
            "Chat/en.lproj/AppIntentVocabulary.plist",
            [
                "ParameterVocabularies": [["ParameterNames": ["INSendMessageIntent.recipient"], "ParameterVocabulary": []]]
            ])
        let errors = fixture.load().diagnostics.filter { $0.severity == .error }
        #expect(
            errors.contains {
                $0.location.keyPath == "NSExtension.NSExtensionAttributes.IntentsSupported[0]"
                    && $0.message.contains("did you mean 'INSendMessageIntent'")
            })
        #expect(errors.contains { $0.location.keyPath == "contactNames" && $0.message.contains("did you mean 'contactName'") })
        #expect(
            errors.contains {
                $0.location.keyPath == "ParameterVocabularies[0].ParameterNames[0]" && $0.message.contains("INSendMessageIntent.recipients")
            })
    }

    @Test func wrongTypesAreReportedAtTheirKeyPath() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"))
        try fixture.write("Chat/en.lproj/UserVocabulary.plist", ["contactName": [["identifier": "x"], 42]])
        let errors = fixture.load().diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.location.keyPath == "contactName[0].phrase" && $0.message.contains("missing") })
        #expect(errors.contains { $0.location.keyPath == "contactName[1]" && $0.message.contains("expected a dictionary") })
    }

    @Test func emptyFileAndMissingInfoPlist() throws {
        let fixture = AppFixture()
        try fixture.writeData("Chat/Info.plist", Data())
        try fixture.writeData("Other/en.lproj/UserVocabulary.plist", Data())
        let errors = fixture.load().diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains("empty") })
        #expect(errors.contains { $0.message.contains("no Info.plist") })
    }
}

@Suite struct BrokenAppTests {
    @Test func aBrokenAppIsSkippedWhileTheOthersLoad() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"))
        try fixture.writeData("Broken/Info.plist", Data("<plist><dict><key>CFBundleName".utf8))
        try fixture.write("Typo/Info.plist", AppFixture.info("Typo", intents: ["INSendMesageIntent"]))
        let loaded = try VocabularyLoader(schema: try .siriKit()).loadSkippingBroken(directory: fixture.root)
        #expect(loaded.apps.map(\.displayName) == ["Chat"])
        #expect(loaded.skipped.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["Broken", "Typo"])
        #expect(loaded.skipped[0].diagnostics.contains { $0.severity == .error && $0.location.file.hasSuffix("Broken/Info.plist") })
        #expect(loaded.skipped[1].diagnostics.contains { $0.message.contains("unknown intent 'INSendMesageIntent'") })
        // The strict entry point still refuses the whole folder.
        #expect(throws: DiagnosticError.self) { try VocabularyLoader(schema: try .siriKit()).load(directory: fixture.root) }
    }

    @Test func anAppClashingWithAnEarlierOneIsSkipped() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"))
        try fixture.write("Chat/Shortcuts.plist", [["phrase": "Banana alert", "userActivityType": "com.example.chat"]])
        try fixture.write("Other/Info.plist", AppFixture.info("Other"))
        try fixture.write("Other/Shortcuts.plist", [["phrase": "banana alert", "userActivityType": "com.example.other"]])
        let loaded = try VocabularyLoader(schema: try .siriKit()).loadSkippingBroken(directory: fixture.root)
        #expect(loaded.apps.map(\.displayName) == ["Chat"])
        #expect(loaded.skipped.first?.diagnostics.contains { $0.message.contains("also a shortcut of Chat") } == true)
    }
}

@Suite struct IntentDefinitionTests {
    static func definition(parameters: [[String: Any]], codes: [[String: Any]] = [], responseParameters: [String] = []) -> [String: Any] {
        [
            "INEnums": [["INEnumName": "Kind", "INEnumValues": [["INEnumValueName": "bananaSplit", "INEnumValueDisplayName": "banana split"]]]],
            "INIntents": [
                [
                    "INIntentName": "OrderPizza", "INIntentParameters": parameters,
                    "INIntentResponse": [
                        "INIntentResponseCodes": codes,
                        "INIntentResponseParameters": responseParameters.map {
                            ["INIntentResponseParameterName": $0, "INIntentResponseParameterType": "String"]
                        }
                    ]
                ]
            ]
        ]
    }

    private func load(_ definition: [String: Any]) throws -> (apps: [AppVocabulary], errors: [Diagnostic]) {
        let fixture = AppFixture()
        try fixture.write("Pizza/Info.plist", AppFixture.info("Pizza", intents: ["OrderPizzaIntent"]))
        try fixture.write("Pizza/Intents.intentdefinition", definition)
        let (apps, diagnostics) = fixture.load()
        return (apps, diagnostics.filter { $0.severity == .error })
    }

    @Test func customIntentsJoinTheSchemaWithTheirEnumsAsVocabulary() throws {
        let (apps, errors) = try load(
            IntentDefinitionTests.definition(
                parameters: [
                    ["INIntentParameterName": "quantity", "INIntentParameterType": "Integer"],
                    [
                        "INIntentParameterName": "kind", "INIntentParameterType": "Integer", "INIntentParameterEnumType": "Kind",
                        "INIntentParameterRequired": true
                    ]
                ], codes: [["INIntentResponseCodeName": "pizzaUnavailable", "INIntentResponseCodeFormatString": "No ${kind} today."]],
                responseParameters: ["kind"]))
        #expect(errors.isEmpty)
        let app = try #require(apps.first)
        let intent = try #require(app.customIntents.first)
        #expect(intent.name == "OrderPizzaIntent" && intent.domain == "custom")
        #expect(intent.parameter("kind")?.type == .enumeration(["bananaSplit"]))
        #expect(intent.parameter("kind")?.isRequired == true)
        #expect(intent.responseCodes.map(\.name) == ["pizzaUnavailable"])
        #expect(app.supports("OrderPizzaIntent"))
        #expect(VocabularyLoader.schema(try .siriKit(), with: apps)["OrderPizzaIntent"] != nil)
    }

    @Test func unknownTypesDuplicateParametersAndUndeclaredResponseParametersAreErrors() throws {
        let (_, errors) = try load(
            IntentDefinitionTests.definition(
                parameters: [
                    ["INIntentParameterName": "size", "INIntentParameterType": "Integr"],
                    ["INIntentParameterName": "kind", "INIntentParameterType": "String"],
                    ["INIntentParameterName": "kind", "INIntentParameterType": "String"],
                    ["INIntentParameterName": "crust", "INIntentParameterType": "Integer", "INIntentParameterEnumType": "Crust"]
                ], codes: [["INIntentResponseCodeName": "soldOut", "INIntentResponseCodeFormatString": "No ${flavour} left."]],
                responseParameters: ["kind"]))
        #expect(errors.contains { $0.message.contains("unknown parameter type 'Integr'") && $0.message.contains("did you mean 'Integer'") })
        #expect(errors.contains { $0.message.contains("two parameters named 'kind'") })
        #expect(errors.contains { $0.message.contains("unknown enum 'Crust'") })
        #expect(
            errors.contains {
                $0.message.contains("${flavour}")
                    && $0.location.keyPath == "INIntents[0].INIntentResponse.INIntentResponseCodes[0].INIntentResponseCodeFormatString"
            })
    }
}

@Suite struct ShortcutsTests {
    @Test func shortcutsLoadAndCollisionsAreErrors() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"))
        try fixture.write(
            "Chat/Shortcuts.plist",
            [
                ["phrase": "Banana alert", "intent": "INSendMessageIntent", "parameters": ["content": "send more bananas"]],
                ["phrase": "Open my inbox", "userActivityType": "com.example.chat.inbox"]
            ])
        try fixture.write("Other/Info.plist", AppFixture.info("Other"))
        try fixture.write("Other/Shortcuts.plist", [["phrase": "banana ALERT!", "userActivityType": "com.example.other"]])
        let (apps, diagnostics) = fixture.load()
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains("\"banana ALERT!\" is also a shortcut of Chat") })
        #expect(apps.isEmpty)
    }

    @Test func badShortcutsAreReported() throws {
        let fixture = AppFixture()
        try fixture.write("Chat/Info.plist", AppFixture.info("Chat"))
        var shortcuts: [[String: Any]] = (0..<21).map { ["phrase": "phrase \($0)", "userActivityType": "a.b"] }
        shortcuts.append(["phrase": "bad", "intent": "INSendMessageIntent", "parameters": ["recipient": "Bo"]])
        shortcuts.append(["phrase": "both", "intent": "INSendMessageIntent", "userActivityType": "a.b"])
        shortcuts.append(["phrase": "unsupported", "intent": "INAddTasksIntent"])
        try fixture.write("Chat/Shortcuts.plist", shortcuts)
        let diagnostics = fixture.load().diagnostics
        #expect(diagnostics.contains { $0.severity == .warning && $0.message.contains("donates 24 shortcuts") })
        #expect(diagnostics.contains { $0.message.contains("has no parameter 'recipient'") && $0.message.contains("did you mean 'recipients'") })
        #expect(diagnostics.contains { $0.message.contains("either 'intent'") })
        #expect(diagnostics.contains { $0.message.contains("Chat does not support INAddTasksIntent") })
    }
}

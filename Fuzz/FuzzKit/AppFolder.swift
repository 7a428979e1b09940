import Foundation
import IntentParse
import IntentParseVocabulary

/// A vocabulary folder in the scratch folder for the plist harnesses: `App` (PizzaMonkey's
/// files, with MonkeyChat's English user vocabulary) and `Other` (MonkeyChat, so apps are
/// checked against each other). A harness puts its input in place of one of App's files,
/// loads the folder as `intentparse check` does (every app, broken ones reported) and puts
/// the shipped file back.
package struct AppFolder {
    /// The files of `App` an input may stand for, by their path in the app's folder.
    package static let appFiles = [
        "Info.plist", "en.lproj/AppIntentVocabulary.plist", "en.lproj/UserVocabulary.plist",
        "Shortcuts.plist", "Intents.intentdefinition"
    ]

    package let vocabulary: URL
    private let app: URL
    private var shipped: [String: Data] = [:]

    package init() {
        vocabulary = Fuzzer.scratch.appendingPathComponent("Vocabulary", isDirectory: true)
        app = vocabulary.appendingPathComponent("App", isDirectory: true)
        let shippedFolder = Fuzzer.root.appendingPathComponent("Vocabulary")
        let sources: [(from: String, to: String)] = [
            ("PizzaMonkey/Info.plist", "App/Info.plist"),
            ("PizzaMonkey/en.lproj/AppIntentVocabulary.plist", "App/en.lproj/AppIntentVocabulary.plist"),
            ("MonkeyChat/en.lproj/UserVocabulary.plist", "App/en.lproj/UserVocabulary.plist"),
            ("PizzaMonkey/Shortcuts.plist", "App/Shortcuts.plist"),
            ("PizzaMonkey/Intents.intentdefinition", "App/Intents.intentdefinition"),
            ("MonkeyChat/Info.plist", "Other/Info.plist"),
            ("MonkeyChat/en.lproj/AppIntentVocabulary.plist", "Other/en.lproj/AppIntentVocabulary.plist"),
            ("MonkeyChat/en.lproj/UserVocabulary.plist", "Other/en.lproj/UserVocabulary.plist")
        ]
        for (from, to) in sources {
            let target = vocabulary.appendingPathComponent(to)
            do {
                let data = try Data(contentsOf: shippedFolder.appendingPathComponent(from))
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
                if to.hasPrefix("App/") { shipped[String(to.dropFirst(4))] = data }
            } catch {
                FileHandle.standardError.write(Data("fuzz: cannot copy \(from) (set INTENTPARSE_ROOT): \(error)\n".utf8))
                exit(2)
            }
        }
    }

    /// Loads the vocabulary folder with `bytes` as App's `file`, then puts the shipped file back.
    @discardableResult
    package func load(_ bytes: [UInt8], as file: String) -> (apps: [AppVocabulary], skipped: [SkippedApp])? {
        let url = app.appendingPathComponent(file)
        Fuzzer.write(bytes, to: url)
        defer { Fuzzer.write(Array(shipped[file] ?? Data()), to: url) }
        guard let loaded = try? VocabularyLoader(schema: Fuzzer.shippedSchema).loadSkippingBroken(directory: vocabulary) else { return nil }
        // What loading goes on to do with the apps: the schema with their custom intents.
        _ = VocabularyLoader.schema(Fuzzer.shippedSchema, with: loaded.apps)
        return (loaded.apps, loaded.skipped)
    }
}

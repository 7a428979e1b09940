import Foundation
import IntentParseBase
import IntentParseSchema

/// Loads every app below a Vocabulary folder: `<App>/Info.plist` and `<App>/<lang>.lproj/*.plist`.
///
/// Validates eagerly and reports every problem at once: a malformed plist, a value of the wrong
/// type, an intent or parameter the schema does not know, an unknown vocabulary type.
package struct VocabularyLoader: Sendable {
    package let schema: Schema

    package init(schema: Schema) { self.schema = schema }

    /// Loads all apps; throws `DiagnosticError` when any file has an error. Warnings are returned.
    package func load(directory: URL) throws -> (apps: [AppVocabulary], warnings: [Diagnostic]) {
        let loaded = try loadSkippingBroken(directory: directory)
        let errors = loaded.skipped.flatMap(\.diagnostics)
        if !errors.isEmpty { throw DiagnosticError(loaded.warnings + errors) }
        return (loaded.apps, loaded.warnings)
    }

    /// Loads every app that has no error; an app with one is left out and reported in
    /// `skipped` with its problems, so one broken app never stops the others from loading.
    /// Throws only when the folder itself is unusable.
    package func loadSkippingBroken(directory: URL) throws -> (apps: [AppVocabulary], warnings: [Diagnostic], skipped: [SkippedApp]) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DiagnosticError([.error(SourceLocation(file: directory.path), "vocabulary folder not found")])
        }
        let entries: [String]
        do {
            entries = try fm.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw DiagnosticError([.error(SourceLocation(file: directory.path), "vocabulary folder cannot be read: \(error.localizedDescription)")])
        }
        var accepted = AcceptedApps()
        var warnings: [Diagnostic] = []
        var skipped: [SkippedApp] = []
        let folders = entries.sorted().filter { !$0.hasPrefix(".") }.map { directory.appendingPathComponent($0) }.filter { folder in
            fm.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        // Apps read side by side; clashes between them are checked afterwards, in folder order.
        let loaded = Parallel.map(folders) { folder -> (AppVocabulary?, DiagnosticLog) in
            var log = DiagnosticLog()
            let app = loadApp(folder: folder, log: &log)
            return (app, log)
        }
        for (folder, (app, appLog)) in zip(folders, loaded) {
            var log = appLog
            if let app { accepted.checkClashes(app, log: &log) }
            if let app, !log.hasErrors {
                accepted.add(app)
                warnings += log.diagnostics
            } else {
                skipped.append(SkippedApp(path: folder.path, diagnostics: log.diagnostics))
            }
        }
        return (accepted.apps, warnings, skipped)
    }

    /// Loads one app folder; nil (with diagnostics) when its Info.plist is unusable.
    package func loadApp(folder: URL, log: inout DiagnosticLog) -> AppVocabulary? {
        let infoURL = folder.appendingPathComponent("Info.plist")
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) == nil {
            log.error(SourceLocation(file: folder.path), "app folder cannot be read (check its permissions)")
            return nil
        }
        guard FileManager.default.fileExists(atPath: infoURL.path) else {
            log.error(SourceLocation(file: folder.path), "app folder has no Info.plist")
            return nil
        }
        let (custom, enumTerms) = loadCustomIntents(folder: folder, log: &log)
        let (appSchema, clash) = schema.adding(custom)
        if let clash {
            log.error(
                SourceLocation(file: folder.appendingPathComponent("Intents.intentdefinition").path),
                "custom intent \(clash) has the name of a SiriKit intent")
        }
        var reader = PlistReader(file: infoURL.path, log: log)
        let parsed = InfoPlist.parse(&reader, url: infoURL, folder: folder.path, schema: appSchema)
        log = reader.log
        guard var app = parsed else { return nil }
        app.customIntents = custom.map { intent in
            var owned = intent
            owned.definedBy = app.identifier
            return owned
        }
        for intent in custom where !app.intentsSupported.contains(intent.name) { app.intentsSupported.append(intent.name) }
        app.localizations = LprojLoader(schema: appSchema, app: app).loadLocalizations(folder: folder, log: &log)
        if app.localizations.isEmpty, !enumTerms.isEmpty, let region = app.developmentRegion {
            app.localizations[region] = LocalizedVocabulary(folder: "\(region).lproj")
        }
        for key in app.localizations.keys {
            for (path, terms) in enumTerms { app.localizations[key]?.parameterVocabularies[path, default: []] += terms }
        }
        let shortcutsURL = folder.appendingPathComponent("Shortcuts.plist")
        if FileManager.default.fileExists(atPath: shortcutsURL.path) {
            var shortcutReader = PlistReader(file: shortcutsURL.path, log: log)
            app.shortcuts = ShortcutsLoader(schema: appSchema).load(&shortcutReader, url: shortcutsURL, app: app)
            log = shortcutReader.log
        }
        return app
    }

    /// The schema with every loaded app's custom intents.
    package static func schema(_ base: Schema, with apps: [AppVocabulary]) -> Schema {
        var schema = base
        for intent in apps.flatMap(\.customIntents) where schema[intent.name] == nil { schema.add(intent) }
        return schema
    }

    /// Custom intents and their enum values as vocabulary, when the app has a definition file.
    private func loadCustomIntents(folder: URL, log: inout DiagnosticLog) -> ([IntentSchema], [String: [VocabularyTerm]]) {
        let url = folder.appendingPathComponent("Intents.intentdefinition")
        guard FileManager.default.fileExists(atPath: url.path) else { return ([], [:]) }
        var reader = PlistReader(file: url.path, log: log)
        var loader = IntentDefinitionLoader(domain: schema.rules(of: .custom))
        let intents = loader.load(&reader, url: url, app: folder.lastPathComponent)
        log = reader.log
        return (intents, loader.enumTerms)
    }

}

/// Info.plist: identity, alternative names and supported intents.
enum InfoPlist {
    static func parse(_ reader: inout PlistReader, url: URL, folder: String, schema: Schema) -> AppVocabulary? {
        guard let rootValue = reader.root(of: url), let root = reader.dictionary(rootValue, "") else { return nil }
        let displayName =
            root["CFBundleDisplayName"] != nil
            ? reader.string(root["CFBundleDisplayName"], "CFBundleDisplayName")
            : reader.string(root["CFBundleName"], "CFBundleName")
        let identifier = reader.string(root["CFBundleIdentifier"], "CFBundleIdentifier")
        let bundleName = reader.optionalString(root["CFBundleName"], "CFBundleName")
        let region = reader.optionalString(root["CFBundleDevelopmentRegion"], "CFBundleDevelopmentRegion")
        let alternatives = alternativeNames(&reader, root["INAlternativeAppNames"])
        let intents = intentsSupported(&reader, root, schema: schema)
        let restricted =
            root["NSExtension"] == nil ? [] : intentList(&reader, root, key: "IntentsRestrictedWhileLocked", schema: schema, required: false)
        guard let displayName, let identifier else { return nil }
        var app = AppVocabulary(
            displayName: displayName, bundleName: bundleName, identifier: identifier,
            alternativeNames: alternatives, intentsSupported: intents, developmentRegion: region,
            path: folder, localizations: [:])
        app.intentsRestrictedWhileLocked = restricted
        return app
    }

    static func alternativeNames(_ reader: inout PlistReader, _ value: Any?) -> [AlternativeAppName] {
        guard value != nil, let items = reader.array(value, "INAlternativeAppNames") else { return [] }
        if items.count > 3 {
            reader.warning("INAlternativeAppNames", "has \(items.count) entries; SiriKit uses at most 3")
        }
        return items.enumerated().compactMap { index, item in
            let path = join("INAlternativeAppNames", index)
            guard let entry = reader.dictionary(item, path),
                let name = reader.string(entry["INAlternativeAppName"], join(path, "INAlternativeAppName"))
            else { return nil }
            let hint = reader.optionalString(
                entry["INAlternativeAppNamePronunciationHint"],
                join(path, "INAlternativeAppNamePronunciationHint"))
            return AlternativeAppName(name: name, pronunciationHint: hint)
        }
    }

    static func intentsSupported(_ reader: inout PlistReader, _ root: [String: Any], schema: Schema) -> [String] {
        guard root["NSExtension"] != nil else {
            reader.warning("NSExtension", "is missing: the app supports no intents")
            return []
        }
        return intentList(&reader, root, key: "IntentsSupported", schema: schema, required: true)
    }

    /// Intents named under NSExtension > NSExtensionAttributes > `key`, each checked against
    /// the schema.
    static func intentList(_ reader: inout PlistReader, _ root: [String: Any], key: String, schema: Schema, required: Bool) -> [String] {
        let base = "NSExtension.NSExtensionAttributes.\(key)"
        guard let extDict = reader.dictionary(root["NSExtension"], "NSExtension"),
            let attributes = reader.dictionary(extDict["NSExtensionAttributes"], "NSExtension.NSExtensionAttributes"),
            required || attributes[key] != nil,
            let list = reader.array(attributes[key], base)
        else { return [] }
        return list.enumerated().compactMap { index, item in
            guard let name = reader.string(item, join(base, index)) else { return nil }
            if schema[name] == nil {
                reader.error(join(base, index), "unknown intent '\(name)'" + Suggestions.didYouMean(name, in: schema.intentNames))
                return nil
            }
            return name
        }
    }
}

/// An app folder left out of loading, with the problems that kept it out.
public struct SkippedApp: Sendable {
    /// The app's folder.
    public var path: String
    /// Every problem found in its files (at least one error).
    public var diagnostics: [Diagnostic]

    package init(path: String, diagnostics: [Diagnostic]) {
        self.path = path
        self.diagnostics = diagnostics
    }
}

/// The apps loaded so far, with what they claim (custom intent names, shortcut phrases, spoken
/// names), so that an app clashing with one loaded before it is reported and left out.
struct AcceptedApps {
    private(set) var apps: [AppVocabulary] = []
    private var customIntentOwners: [String: String] = [:]
    private var shortcutOwners: [String: String] = [:]
    private var nameOwners: [String: String] = [:]

    /// Reports what `app` claims that a loaded app already has: a custom intent or a shortcut
    /// phrase (errors), an app name (a warning: utterances naming it are ambiguous).
    func checkClashes(_ app: AppVocabulary, log: inout DiagnosticLog) {
        for intent in app.customIntents {
            if let owner = customIntentOwners[intent.name] {
                log.error(SourceLocation(file: app.path + "/Intents.intentdefinition"), "custom intent \(intent.name) is also defined by \(owner)")
            }
        }
        for (index, shortcut) in app.shortcuts.enumerated() {
            if let owner = shortcutOwners[Self.shortcutKey(shortcut.phrase)], owner != app.displayName {
                log.error(
                    SourceLocation(file: app.path + "/Shortcuts.plist", keyPath: "[\(index)].phrase"),
                    "the shortcut phrase \"\(shortcut.phrase)\" is also a shortcut of \(owner)")
            }
        }
        for (name, _) in app.spokenNames {
            if let owner = nameOwners[name.lowercased()], owner != app.displayName {
                log.warning(
                    SourceLocation(file: app.path + "/Info.plist"),
                    "app name '\(name)' is also a name of \(owner); utterances naming it are ambiguous")
            }
        }
    }

    mutating func add(_ app: AppVocabulary) {
        apps.append(app)
        for intent in app.customIntents { customIntentOwners[intent.name] = app.displayName }
        for shortcut in app.shortcuts { shortcutOwners[Self.shortcutKey(shortcut.phrase)] = app.displayName }
        for (name, _) in app.spokenNames { nameOwners[name.lowercased()] = app.displayName }
    }

    /// Phrases differing only in case and punctuation are the same shortcut.
    private static func shortcutKey(_ phrase: String) -> String {
        phrase.lowercased().filter { $0.isLetter || $0.isNumber }
    }
}

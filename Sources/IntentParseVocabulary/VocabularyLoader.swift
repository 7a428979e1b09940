import Foundation
import IntentParseBase
import IntentParseSchema

/// Loads every app below a Vocabulary folder: `<App>/Info.plist` and `<App>/<lang>.lproj/*.plist`.
///
/// Validates eagerly and reports every problem at once: a malformed plist, a value of the wrong
/// type, an intent or parameter the schema does not know, an unknown vocabulary type.
public struct VocabularyLoader {
    public let schema: Schema

    public init(schema: Schema) { self.schema = schema }

    /// Loads all apps; throws `DiagnosticError` when any file has an error. Warnings are returned.
    public func load(directory: URL) throws -> (apps: [AppVocabulary], warnings: [Diagnostic]) {
        var log = DiagnosticLog()
        let apps = loadApps(directory: directory, log: &log)
        try log.throwIfErrors()
        return (apps, log.diagnostics)
    }

    func loadApps(directory: URL, log: inout DiagnosticLog) -> [AppVocabulary] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            log.error(SourceLocation(file: directory.path), "vocabulary folder not found")
            return []
        }
        let entries = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        var apps: [AppVocabulary] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let folder = directory.appendingPathComponent(entry)
            guard fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            if let app = loadApp(folder: folder, log: &log) { apps.append(app) }
        }
        checkDuplicateNames(apps, log: &log)
        checkCustomIntentClashes(apps, log: &log)
        checkShortcutCollisions(apps, log: &log)
        return apps
    }

    /// Loads one app folder; nil (with diagnostics) when its Info.plist is unusable.
    public func loadApp(folder: URL, log: inout DiagnosticLog) -> AppVocabulary? {
        let infoURL = folder.appendingPathComponent("Info.plist")
        guard FileManager.default.fileExists(atPath: infoURL.path) else {
            log.error(SourceLocation(file: folder.path), "app folder has no Info.plist")
            return nil
        }
        let (custom, enumTerms) = loadCustomIntents(folder: folder, log: &log)
        let (appSchema, clash) = schema.adding(custom)
        if let clash {
            log.error(SourceLocation(file: folder.appendingPathComponent("Intents.intentdefinition").path),
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

    private func checkCustomIntentClashes(_ apps: [AppVocabulary], log: inout DiagnosticLog) {
        var owners: [String: String] = [:]
        for app in apps {
            for intent in app.customIntents {
                if let owner = owners[intent.name] {
                    log.error(SourceLocation(file: app.path + "/Intents.intentdefinition"), "custom intent \(intent.name) is also defined by \(owner)")
                }
                owners[intent.name] = app.displayName
            }
        }
    }

    /// Two apps donating the same voice phrase ("Pizza time") make it ambiguous.
    private func checkShortcutCollisions(_ apps: [AppVocabulary], log: inout DiagnosticLog) {
        var owners: [String: String] = [:]
        for app in apps {
            for (index, shortcut) in app.shortcuts.enumerated() {
                let key = shortcut.phrase.lowercased().filter { $0.isLetter || $0.isNumber }
                if let owner = owners[key], owner != app.displayName {
                    log.error(SourceLocation(file: app.path + "/Shortcuts.plist", keyPath: "[\(index)].phrase"),
                              "the shortcut phrase \"\(shortcut.phrase)\" is also a shortcut of \(owner)")
                }
                owners[key] = app.displayName
            }
        }
    }

    /// The schema with every loaded app's custom intents.
    public static func schema(_ base: Schema, with apps: [AppVocabulary]) -> Schema {
        var schema = base
        for intent in apps.flatMap(\.customIntents) where schema[intent.name] == nil { schema.add(intent) }
        return schema
    }

    /// Custom intents and their enum values as vocabulary, when the app has a definition file.
    private func loadCustomIntents(folder: URL, log: inout DiagnosticLog) -> ([IntentSchema], [String: [VocabularyTerm]]) {
        let url = folder.appendingPathComponent("Intents.intentdefinition")
        guard FileManager.default.fileExists(atPath: url.path) else { return ([], [:]) }
        var reader = PlistReader(file: url.path, log: log)
        var loader = IntentDefinitionLoader()
        let intents = loader.load(&reader, url: url, app: folder.lastPathComponent)
        log = reader.log
        return (intents, loader.enumTerms)
    }

    private func checkDuplicateNames(_ apps: [AppVocabulary], log: inout DiagnosticLog) {
        var owners: [String: String] = [:]
        for app in apps {
            for (name, _) in app.spokenNames {
                let key = name.lowercased()
                if let owner = owners[key], owner != app.displayName {
                    log.warning(SourceLocation(file: app.path + "/Info.plist"),
                                "app name '\(name)' is also a name of \(owner); utterances naming it are ambiguous")
                }
                owners[key] = app.displayName
            }
        }
    }
}

/// Info.plist: identity, alternative names and supported intents.
enum InfoPlist {
    static func parse(_ reader: inout PlistReader, url: URL, folder: String, schema: Schema) -> AppVocabulary? {
        guard let rootValue = reader.root(of: url), let root = reader.dictionary(rootValue, "") else { return nil }
        let displayName = root["CFBundleDisplayName"] != nil
            ? reader.string(root["CFBundleDisplayName"], "CFBundleDisplayName")
            : reader.string(root["CFBundleName"], "CFBundleName")
        let identifier = reader.string(root["CFBundleIdentifier"], "CFBundleIdentifier")
        let bundleName = reader.optionalString(root["CFBundleName"], "CFBundleName")
        let region = reader.optionalString(root["CFBundleDevelopmentRegion"], "CFBundleDevelopmentRegion")
        let alternatives = alternativeNames(&reader, root["INAlternativeAppNames"])
        let intents = intentsSupported(&reader, root, schema: schema)
        let restricted = root["NSExtension"] == nil ? [] : intentList(&reader, root, key: "IntentsRestrictedWhileLocked", schema: schema, required: false)
        guard let displayName, let identifier else { return nil }
        var app = AppVocabulary(displayName: displayName, bundleName: bundleName, identifier: identifier,
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
                  let name = reader.string(entry["INAlternativeAppName"], join(path, "INAlternativeAppName")) else { return nil }
            let hint = reader.optionalString(entry["INAlternativeAppNamePronunciationHint"],
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
              let list = reader.array(attributes[key], base) else { return [] }
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

import Foundation
import IntentParseBase
import IntentParseNormalization
import IntentParseSchema

/// Loads `Grammars/<locale>/*.yaml`, merges each locale's files and validates the result.
package struct GrammarLoader: Sendable {
    package let schema: Schema
    /// Names accepted in a list's `entity:` key.
    package let entities: [String]
    /// Lists given at run time (`RuntimeLists`): they replace a grammar's list of the same name.
    package let runtimeLists: [ListDefinition]

    package init(schema: Schema, entities: [String], runtimeLists: [ListDefinition] = []) {
        self.schema = schema
        self.entities = entities
        self.runtimeLists = runtimeLists
    }

    /// Every locale folder below `directory`; throws `DiagnosticError` listing every error.
    /// Loads every locale folder of `directory`, or only those of `locales` (a folder named
    /// like the locale or like its language: `en-US` loads `en/`).
    package func load(directory: URL, locales: [String]? = nil) throws -> (grammars: [String: LanguageGrammar], warnings: [Diagnostic]) {
        var log = DiagnosticLog()
        var grammars: [String: LanguageGrammar] = [:]
        let wanted = try localeFolders(directory: directory, locales: locales)
        // Each locale reads and checks on its own; their diagnostics keep the locales' order.
        let loaded = Parallel.map(wanted) { locale -> (LanguageGrammar, [Diagnostic]) in
            var own = DiagnosticLog()
            let grammar = loadLocale(locale, folder: directory.appendingPathComponent(locale), log: &own)
            return (grammar, own.diagnostics)
        }
        for (locale, (grammar, diagnostics)) in zip(wanted, loaded) {
            grammars[locale] = grammar
            log.append(contentsOf: diagnostics)
        }
        try log.throwIfErrors()
        return (grammars, log.diagnostics)
    }

    /// The locale folders of `directory` to load, in name order: every one, or those of
    /// `locales`. Throws when the folder is missing or there is nothing to load.
    package func localeFolders(directory: URL, locales: [String]? = nil) throws -> [String] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DiagnosticError([.error(SourceLocation(file: directory.path), "grammar folder not found")])
        }
        let folders = ((try? fm.contentsOfDirectory(atPath: directory.path)) ?? []).sorted().filter { name in
            !name.hasPrefix(".") && fm.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        let wanted =
            locales.map { locales in
                folders.filter { folder in locales.contains { $0 == folder || Normalizer.language(of: $0) == folder } }
            } ?? folders
        if !wanted.isEmpty { return wanted }
        if let locales {
            throw DiagnosticError([
                .error(
                    SourceLocation(file: directory.path),
                    "no grammar folder for locale \(locales.map { "'\($0)'" }.joined(separator: ", ")); the folder has \(folders.isEmpty ? "none" : folders.joined(separator: ", "))"
                )
            ])
        }
        throw DiagnosticError([.error(SourceLocation(file: directory.path), "no locale folders (such as en/) with grammar files")])
    }

    /// Loads and validates one locale's files.
    package func loadLocale(_ locale: String, folder: URL, log: inout DiagnosticLog) -> LanguageGrammar {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        var merged = LanguageGrammar(locale: locale)
        for file in files {
            var parser = GrammarFileParser(file: folder.appendingPathComponent(file).path, locale: locale, log: log)
            parser.parse(url: folder.appendingPathComponent(file))
            log = parser.reader.log
            merge(parser.grammar, into: &merged, log: &log)
        }
        if files.isEmpty { log.error(SourceLocation(file: folder.path), "no grammar files (*.yaml)") }
        for list in runtimeLists { merged.lists[list.name] = list }
        merged.resolveLocalScopes()
        merged.resolveGluedWords()
        GrammarValidator(schema: schema, entities: entities).validate(&merged, log: &log)
        return merged
    }

    /// Loads grammar text directly (tests, tools); the file name is used in diagnostics.
    package func load(text: String, locale: String, file: String = "<grammar>") throws -> LanguageGrammar {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("intentparse-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var log = DiagnosticLog()
        var parser = GrammarFileParser(file: file, locale: locale, log: log)
        parser.parse(url: url)
        log = parser.reader.log
        var grammar = parser.grammar
        for list in runtimeLists { grammar.lists[list.name] = list }
        grammar.resolveLocalScopes()
        grammar.resolveGluedWords()
        GrammarValidator(schema: schema, entities: entities).validate(&grammar, log: &log)
        try log.throwIfErrors()
        return grammar
    }

    /// One warning per intent whose templates `grammar` sets aside because no loaded app
    /// declares it.
    package func inactiveIntentWarnings(_ grammar: LanguageGrammar) -> [Diagnostic] {
        GrammarValidator.inactiveIntentWarnings([grammar], schema: schema)
    }

    /// The same over every locale: one warning per intent, naming the locales that use it.
    package func inactiveIntentWarnings(_ grammars: [LanguageGrammar]) -> [Diagnostic] {
        GrammarValidator.inactiveIntentWarnings(grammars, schema: schema)
    }

    private func merge(_ part: LanguageGrammar, into merged: inout LanguageGrammar, log: inout DiagnosticLog) {
        merged.localScopes += part.localScopes.map { $0.shifted(by: merged.templates.count) }
        for template in part.templates { merged.templates.append(template.renumbered(merged.templates.count)) }
        merged.frameCues += part.frameCues
        for (name, list) in part.lists.sorted(by: { $0.key < $1.key }) {
            if let existing = merged.lists[name] {
                log.error(list.location, "list {\(name)} is already defined at \(existing.location)")
            } else {
                merged.lists[name] = list
            }
        }
        for (name, rule) in part.rules.sorted(by: { $0.key < $1.key }) {
            if let existing = merged.rules[name] {
                log.error(rule.source.location, "expansion rule <\(name)> is already defined at \(existing.source.location)")
            } else {
                merged.rules[name] = rule
            }
        }
        merged.skipWords += part.skipWords
        merged.tokenRules = merged.tokenRules.merged(with: part.tokenRules)
        merged.files += part.files
    }
}

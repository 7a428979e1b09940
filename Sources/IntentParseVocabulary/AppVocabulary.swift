import IntentParseSchema

/// One thing an app or user calls by name: a contact, a list title, a workout name.
///
/// `phrases` are the spoken forms (the first is the preferred one); `pronunciation` holds
/// sounds-like hints ("ba nana ri fic") that the matcher indexes beside the phrases.
package struct VocabularyTerm: Sendable, Hashable {
    package struct Phrase: Sendable, Hashable {
        package var text: String
        package var pronunciation: String?

        package init(text: String, pronunciation: String? = nil) {
            self.text = text
            self.pronunciation = pronunciation
        }
    }

    package var identifier: String?
    package var phrases: [Phrase]
    /// 0 is the most important (UserVocabulary arrays are ordered by priority).
    package var priority: Int

    package init(identifier: String?, phrases: [Phrase], priority: Int) {
        self.identifier = identifier
        self.phrases = phrases
        self.priority = priority
    }

    /// The name to show a person: the first phrase.
    package var displayName: String { phrases.first?.text ?? identifier ?? "" }
}

/// An app's vocabulary for one language (one `.lproj` folder).
package struct LocalizedVocabulary: Sendable {
    /// From AppIntentVocabulary.plist: "INStartWorkoutIntent.workoutName" → terms.
    package var parameterVocabularies: [String: [VocabularyTerm]] = [:]
    /// From AppIntentVocabulary.plist: intent name → example utterances, in the plist's order.
    package var intentPhrases: [(intent: String, examples: [String])] = []
    /// From UserVocabulary.plist: INVocabularyStringType case → terms by priority.
    package var userVocabulary: [String: [VocabularyTerm]] = [:]
    /// The folder these came from, e.g. "en.lproj" (for diagnostics and `check`).
    package var folder: String
    /// Which of the two files the folder has: a locale takes each file from the most specific
    /// folder that has it, as Apple looks up every resource on its own.
    package var hasAppIntentVocabulary = false
    package var hasUserVocabulary = false

    package init(folder: String) { self.folder = folder }

    /// The language the folder's files are written in: "fr.lproj" → "fr"; `Base.lproj`
    /// speaks the app's development region (nil when it has none).
    package func language(developmentRegion: String?) -> String? {
        let name = folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : folder
        return name == "Base" ? developmentRegion : name
    }
}

/// An alternative name from Info.plist's INAlternativeAppNames.
public struct AlternativeAppName: Sendable, Hashable {
    /// The name (INAlternativeAppName).
    public var name: String
    /// How it sounds (INAlternativeAppNamePronunciationHint), when given.
    public var pronunciationHint: String?

    package init(name: String, pronunciationHint: String?) {
        self.name = name
        self.pronunciationHint = pronunciationHint
    }
}

/// Everything intentparse knows about one app: identity, supported intents and vocabulary.
///
/// NB: a value whose fields sit behind one shared reference, copied on write: results and
/// interpretations copy their app, and copying eleven fields cost eleven reference counts.
public struct AppVocabulary: Sendable {
    private struct Fields: Sendable {
        var displayName: String
        var bundleName: String?
        var identifier: String
        var alternativeNames: [AlternativeAppName]
        var intentsSupported: [String]
        var developmentRegion: String?
        var path: String
        var localizations: [String: LocalizedVocabulary]
        var customIntents: [IntentSchema] = []
        var intentsRestrictedWhileLocked: [String] = []
        var shortcuts: [Shortcut] = []
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// The fields, read in place; a change makes a new box (apps change only while loading).
    private var fields: Fields {
        get { box.fields }
        set { box = Box(newValue) }
    }

    /// CFBundleDisplayName (or CFBundleName): the name printed in results.
    public package(set) var displayName: String {
        get { box.fields.displayName }
        set { fields.displayName = newValue }
    }
    /// CFBundleName, when given.
    public package(set) var bundleName: String? {
        get { box.fields.bundleName }
        set { fields.bundleName = newValue }
    }
    /// CFBundleIdentifier.
    public package(set) var identifier: String {
        get { box.fields.identifier }
        set { fields.identifier = newValue }
    }
    /// INAlternativeAppNames, in the plist's order.
    public package(set) var alternativeNames: [AlternativeAppName] {
        get { box.fields.alternativeNames }
        set { fields.alternativeNames = newValue }
    }
    /// The intents the app declares (IntentsSupported), by name.
    public package(set) var intentsSupported: [String] {
        get { box.fields.intentsSupported }
        set { fields.intentsSupported = newValue }
    }
    /// CFBundleDevelopmentRegion, the language of last resort for `.lproj` folders.
    public package(set) var developmentRegion: String? {
        get { box.fields.developmentRegion }
        set { fields.developmentRegion = newValue }
    }
    /// Path of the app's folder, for diagnostics.
    public package(set) var path: String {
        get { box.fields.path }
        set { fields.path = newValue }
    }
    /// Localized vocabularies by `.lproj` folder name without the extension ("en", "zh-Hans", "Base").
    package var localizations: [String: LocalizedVocabulary] {
        get { box.fields.localizations }
        set { fields.localizations = newValue }
    }
    /// Custom intents from `Intents.intentdefinition`; the app supports each of them.
    package var customIntents: [IntentSchema] {
        get { box.fields.customIntents }
        set { fields.customIntents = newValue }
    }
    /// Info.plist's IntentsRestrictedWhileLocked: intents that need an unlocked device.
    package var intentsRestrictedWhileLocked: [String] {
        get { box.fields.intentsRestrictedWhileLocked }
        set { fields.intentsRestrictedWhileLocked = newValue }
    }
    /// Donated shortcuts with their voice phrases (`Shortcuts.plist`).
    package var shortcuts: [Shortcut] {
        get { box.fields.shortcuts }
        set { fields.shortcuts = newValue }
    }

    package init(
        displayName: String, bundleName: String?, identifier: String, alternativeNames: [AlternativeAppName],
        intentsSupported: [String], developmentRegion: String?, path: String,
        localizations: [String: LocalizedVocabulary]
    ) {
        box = Box(
            Fields(
                displayName: displayName, bundleName: bundleName, identifier: identifier, alternativeNames: alternativeNames,
                intentsSupported: intentsSupported, developmentRegion: developmentRegion, path: path,
                localizations: localizations))
    }

    /// True when the app declares `intent`.
    public func supports(_ intent: String) -> Bool { intentsSupported.contains(intent) }

    /// Every way to say the app's name: display name, bundle name, alternative names and their
    /// pronunciation hints. Hints are flagged so the matcher can score them as sounds-like.
    package var spokenNames: [(text: String, isPronunciationHint: Bool)] {
        var names: [(String, Bool)] = [(displayName, false)]
        if let bundleName { names.append((bundleName, false)) }
        for alternative in alternativeNames {
            names.append((alternative.name, false))
            if let hint = alternative.pronunciationHint { names.append((hint, true)) }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0.0.lowercased()).inserted }
    }

    /// The vocabulary for `locale`: the most specific `.lproj` present, then its language
    /// (`zh-Hans` → `zh`), then `Base`, then the development region.
    ///
    /// Each file is looked up on its own: a `fr.lproj` with only AppIntentVocabulary.plist takes
    /// its user vocabulary (contacts, list titles) from the next folder that has one.
    package func localization(for locale: String) -> LocalizedVocabulary? {
        let chain = AppVocabulary.fallbackChain(locale, developmentRegion: developmentRegion).compactMap { localizations[$0] }
        guard var result = chain.first(where: \.hasAppIntentVocabulary) ?? chain.first else { return nil }
        if !result.hasUserVocabulary, let users = chain.first(where: \.hasUserVocabulary) {
            result.userVocabulary = users.userVocabulary
            result.hasUserVocabulary = true
        }
        return result
    }

    static func fallbackChain(_ locale: String, developmentRegion: String?) -> [String] {
        let normalized = String(locale.map { $0 == "_" ? "-" : $0 })
        var chain = [normalized]
        var parts = normalized.split(separator: "-").map(String.init)
        while parts.count > 1 {
            parts.removeLast()
            chain.append(parts.joined(separator: "-"))
        }
        chain.append("Base")
        if let developmentRegion { chain.append(developmentRegion) }
        return chain
    }
}

extension IntentSchema {
    /// A result's `requiresAuthentication`, for parses and conversations alike: the intent needs
    /// an unlocked device (an authenticated user) when the schema says so (SiriKit: payments and
    /// ride booking) or when `app` lists it under IntentsRestrictedWhileLocked.
    package func requiresAuthentication(app: AppVocabulary?) -> Bool {
        requiresUnlockedDevice || (app?.intentsRestrictedWhileLocked.contains(name) ?? false)
    }
}

/// An app named in a text, as the matcher finds app names (any of the app's spoken names, by
/// loose key or by sound, with Turkish case endings cut): what a conversation reads when it
/// asks which app, or what an app can do.
package struct AppMention: Sendable, Hashable {
    /// The app's bundle identifier.
    package var identifier: String
    /// The words that name it: UTF-16 offsets into the text.
    package var range: Range<Int>
    /// Whether only the sounds-like keys matched ("monkey to do" for MonkeyTodo is exact,
    /// "munky chat" would be by sound).
    package var bySound: Bool
    /// Whether the name is the whole text (punctuation around it aside).
    package var isWholeText: Bool

    package init(identifier: String, range: Range<Int>, bySound: Bool, isWholeText: Bool) {
        self.identifier = identifier
        self.range = range
        self.bySound = bySound
        self.isWholeText = isWholeText
    }
}

extension Array where Element == AppMention {
    /// The mentions matched exactly when there are any, else those matched by sound.
    package var preferringExact: [AppMention] {
        let exact = filter { !$0.bySound }
        return exact.isEmpty ? self : exact
    }
}

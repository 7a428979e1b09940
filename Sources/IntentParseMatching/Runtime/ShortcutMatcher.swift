import IntentParseBase
import IntentParseGrammar
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

/// What a matched shortcut was, for the output.
package struct ShortcutMatch: Sendable {
    package var phrase: String
    package var userActivityType: String?
    package var title: String?

    /// The intent name a user-activity shortcut reports.
    package static let userActivityIntent = ShortcutIndex.userActivityIntent
}

/// Donated shortcuts by their voice phrase: an utterance that says the phrase (whatever its
/// case and punctuation, with a small typo) runs the shortcut instead of the grammar.
struct ShortcutIndex: Sendable {
    struct Entry: Sendable {
        var app: Int
        var shortcut: Shortcut
        /// `key`'s Unicode scalars.
        var scalars: [UInt32] = []
        var length: Int { scalars.count }
    }

    /// The intent name a user-activity shortcut reports: it opens the app with an NSUserActivity.
    static let userActivityIntent = "NSUserActivity"

    private(set) var entries: [Entry] = []
    /// Entries by their key's UTF-8 bytes (hashed as they are: a String hashes its normalized
    /// form, which for text beyond ASCII costs more than the rest of the lookup).
    private var exact: [[UInt8]: Int] = [:]
    /// Per length in Unicode scalars (up to the longest key's + 2), whether a key is within
    /// two of it: an utterance of any other length can say none, exactly or nearly.
    private var nearLengths: [Bool] = []

    init(apps: [AppVocabulary], normalizer: Normalizer) {
        for (appIndex, app) in apps.enumerated() {
            for shortcut in app.shortcuts {
                let key = normalizer.looseKeys(shortcut.phrase).joined()
                guard !key.isEmpty else { continue }
                entries.append(Entry(app: appIndex, shortcut: shortcut, scalars: key.unicodeScalars.map(\.value)))
                if exact[Array(key.utf8)] == nil { exact[Array(key.utf8)] = entries.count - 1 }
            }
        }
        nearLengths = [Bool](repeating: false, count: (entries.map(\.length).max() ?? 0) + 3)
        for entry in entries {
            for length in max(0, entry.length - 2)...(entry.length + 2) { nearLengths[length] = true }
        }
    }

    /// The shortcut the words say, exactly or within a small edit distance (a typo per ten
    /// letters, only for phrases of six letters or more). Lengths and distances are in
    /// Unicode scalars.
    func match(_ tokens: [Token]) -> (entry: Entry, exact: Bool)? {
        guard !entries.isEmpty else { return nil }
        // Most utterances are longer or shorter than any shortcut phrase by more than two
        // scalars: say so before building a key. A scalar takes one to four bytes.
        // NB: `utf8.count` is constant time; the scalars are counted only when it cannot tell.
        var bytes = 0
        for token in tokens where !token.isPunctuation { bytes += token.looseKey.utf8.count }
        if (bytes + 3) / 4 >= nearLengths.count { return nil }
        var scalars = 0
        for token in tokens where !token.isPunctuation {
            for byte in token.looseKey.utf8 where byte & 0xC0 != 0x80 { scalars += 1 }
        }
        guard scalars < nearLengths.count, nearLengths[scalars] else { return nil }
        var key: [UInt8] = []
        key.reserveCapacity(bytes)
        for token in tokens where !token.isPunctuation { key.append(contentsOf: token.looseKey.utf8) }
        if let index = exact[key] { return (entries[index], true) }
        guard scalars >= 6 else { return nil }
        let typed = String(decoding: key, as: UTF8.self).unicodeScalars.map(\.value)
        let near = typed.withUnsafeBufferPointer { typed in
            entries.filter { entry in
                abs(entry.length - scalars) <= 2
                    && entry.scalars.withUnsafeBufferPointer { Suggestions.editDistance($0, typed, atMost: max(1, entry.length / 10)) } != nil
            }
        }
        return near.count == 1 ? (near[0], false) : nil
    }
}

extension Interpretation {
    /// The reading of an utterance that ran a shortcut.
    static func shortcut(_ entry: ShortcutIndex.Entry, exact: Bool, apps: [AppVocabulary], schema: Schema) -> Interpretation {
        let app = apps[entry.app]
        let source = SourcedExpression(
            text: entry.shortcut.phrase, expression: .words(entry.shortcut.phrase),
            location: SourceLocation(file: app.path + "/Shortcuts.plist"), firstColumn: nil)
        var intentName = ShortcutIndex.userActivityIntent
        var domain = Domain.custom
        var parameters: [(name: String, value: ParameterValue)] = []
        var match = ShortcutMatch(phrase: entry.shortcut.phrase)
        var requiresAuthentication = false
        switch entry.shortcut.action {
        case .intent(let name, let values):
            intentName = name
            if let intent = schema[name] {
                domain = intent.domain
                requiresAuthentication = intent.requiresAuthentication(app: app)
                for parameter in intent.parameters {
                    guard let value = values[parameter.name] else { continue }
                    let slot = SlotValue(spoken: value.stringValue ?? value.serialized, value: value)
                    parameters.append((parameter.name, parameter.isMultiValued ? .multiple([slot]) : .single(slot)))
                }
            }
        case .userActivity(let type, let title):
            match.userActivityType = type
            match.title = title
        }
        return Interpretation(
            intent: intentName, domain: domain, app: app, appSource: .named, score: exact ? 1 : 0.9,
            parameters: parameters, missing: [], template: Template(intent: intentName, source: source, fixedSlots: [], index: -1),
            isLearnedTemplate: false, evidence: Evidence(), weight: 0, requiresAuthentication: requiresAuthentication,
            shortcut: match)
    }
}

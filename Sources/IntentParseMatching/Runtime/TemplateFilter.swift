import IntentParseBase

/// Index keys for two Han characters one after the other ("消息" of 发消息), interned beside the
/// words': Chinese is cut into characters, and single characters (给, 我, 的) are in most
/// utterances, so a template filed under one is tried for most of them.
///
/// An utterance has a pair where a word follows another with nothing but punctuation or skip
/// words between them, as the automata let a template's literal be matched; so a pair clause
/// never rules out a template that could match.
struct KeyPairs: Sendable {
    private var ids: [UInt64: Int32] = [:]

    var isEmpty: Bool { ids.isEmpty }

    /// The pair's key: never a token's (tokens have no control characters).
    static func key(_ first: String, _ second: String) -> String { first + "\u{2}" + second }

    /// The two keys of a pair's key; nil for any other key.
    static func parts(_ key: String) -> (String, String)? {
        guard let separator = key.firstIndex(of: "\u{2}") else { return nil }
        return (String(key[..<separator]), String(key[key.index(after: separator)...]))
    }

    mutating func add(_ pair: Int32, first: Int32, second: Int32) {
        ids[UInt64(UInt32(bitPattern: first)) << 32 | UInt64(UInt32(bitPattern: second))] = pair
    }

    /// The pair key of two interned keys, if some template's literal has them one after the other.
    func id(_ first: Int32, _ second: Int32) -> Int32? {
        ids[UInt64(UInt32(bitPattern: first)) << 32 | UInt64(UInt32(bitPattern: second))]
    }

    init() {}

    init(from reader: BinaryReader) throws { ids = try reader.read() }

    func write(to writer: BinaryWriter) { writer.write(ids) }
}

/// Every required clause of every template, each distinct clause stored once: while templates
/// are added, template t's clauses are `clauses[templateStart[t]..<templateStart[t + 1]]`
/// (clause ids); once finished, key k is in the clauses `keyClauses[keyStart[k]..<keyStart[k + 1]]`
/// and the templates' clause lists live in `TemplateIndex`.
///
/// Per utterance, the clauses its keys satisfy are marked once (`mark`); a template is then
/// checked by looking up its few clause ids, however many words each clause has.
struct TemplateRequirements: Sendable {
    private var templateStart: [Int32] = [0]
    private var clauses: [Int32] = []
    private var clauseIDs: [[Int32]: Int32] = [:]
    private var clauseKeys: [[Int32]] = []
    private var keyStart: [Int32] = [0]
    private var keyClauses: [Int32] = []
    private(set) var clauseCount = 0
    /// The phrase sets whose pseudo-words (`CompiledGrammar.phraseSetKey`) clause c holds are
    /// `lazySets[lazyStart[c]..<lazyStart[c + 1]]`: an utterance satisfies it through one of
    /// them only if a phrase of that set occurs, which takes phrase lookups to know.
    private var lazyStart: [Int32] = [0]
    private var lazySets: [Int32] = []

    mutating func add(template: Int32, clauses required: [[Int32]]) {
        precondition(Int(template) == templateStart.count - 1, "templates are added in order")
        for clause in Set(required.map { Array(Set($0)).sorted() }).sorted(by: {
            $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1)
        }) {
            if let id = clauseIDs[clause] {
                clauses.append(id)
            } else {
                let id = Int32(clauseKeys.count)
                clauseIDs[clause] = id
                clauseKeys.append(clause)
                clauses.append(id)
            }
        }
        templateStart.append(Int32(clauses.count))
    }

    /// Builds the key → clauses table once every template is added (keys are < `keyCount`),
    /// and hands over each template's clause ids, written `~id` for a clause that a phrase of
    /// some set satisfies (`phraseSetKeys`: per phrase set, its pseudo-word's key or
    /// `KeyTable.none`), for `TemplateIndex`; only the key and phrase set tables are kept.
    mutating func finish(keyCount: Int, phraseSetKeys: [Int32]) -> [[Int32]] {
        var setOfKey: [Int32: Int32] = [:]
        for (set, key) in phraseSetKeys.enumerated() where key != KeyTable.none { setOfKey[key] = Int32(set) }
        lazyStart = [0]
        lazySets = []
        for keys in clauseKeys {
            lazySets += keys.compactMap { setOfKey[$0] }.sorted()
            lazyStart.append(Int32(lazySets.count))
        }
        let templateClauses = (0..<(templateStart.count - 1)).map { t in
            clauses[Int(templateStart[t])..<Int(templateStart[t + 1])].map { isLazy($0) ? ~$0 : $0 }
        }
        clauseCount = clauseKeys.count
        var byKey = [[Int32]](repeating: [], count: keyCount)
        for (id, keys) in clauseKeys.enumerated() {
            for key in keys where Int(key) < keyCount { byKey[Int(key)].append(Int32(id)) }
        }
        keyStart = [0]
        keyClauses = []
        for list in byKey {
            keyClauses += list
            keyStart.append(Int32(keyClauses.count))
        }
        clauseIDs = [:]
        clauseKeys = []
        templateStart = [0]
        clauses = []
        return templateClauses
    }

    init() {}

    /// What `finish` keeps, from `write(to:)`'s bytes (the compiled-grammar cache).
    init(from reader: BinaryReader) throws {
        keyStart = try reader.plain()
        keyClauses = try reader.plain()
        clauseCount = try reader.int()
        lazyStart = try reader.plain()
        lazySets = try reader.plain()
        guard keyStart.first == 0, keyStart.last.map(Int.init) == keyClauses.count, zip(keyStart, keyStart.dropFirst()).allSatisfy({ $0 <= $1 }),
            keyClauses.allSatisfy({ $0 >= 0 && Int($0) < clauseCount }),
            lazyStart.count == clauseCount + 1, lazyStart.first == 0, lazyStart.last.map(Int.init) == lazySets.count,
            zip(lazyStart, lazyStart.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw reader.damaged("inconsistent template requirements") }
    }

    func write(to writer: BinaryWriter) {
        writer.writePlain(keyStart)
        writer.writePlain(keyClauses)
        writer.write(clauseCount)
        writer.writePlain(lazyStart)
        writer.writePlain(lazySets)
    }

    /// Stamps every clause that `key` satisfies.
    func mark(_ key: Int32, in clauseStamp: inout [UInt32], stamp: UInt32) {
        let k = Int(key)
        guard k >= 0, k + 1 < keyStart.count else { return }
        for index in Int(keyStart[k])..<Int(keyStart[k + 1]) { clauseStamp[Int(keyClauses[index])] = stamp }
    }

    /// Whether a phrase of some set satisfies `clause`.
    private func isLazy(_ clause: Int32) -> Bool { lazyStart[Int(clause)] < lazyStart[Int(clause) + 1] }

    /// Where the phrase sets whose phrases satisfy `clause` (a clause id, not `~id`) are, for
    /// `phraseSet(at:)`.
    ///
    /// NB: by index, not as a slice: a caller that mutates its own state while it reads them
    /// would otherwise copy these tables (a reference count per array) for each clause.
    func phraseSetIndexes(of clause: Int32) -> Range<Int> { Int(lazyStart[Int(clause)])..<Int(lazyStart[Int(clause) + 1]) }

    func phraseSet(at index: Int) -> Int32 { lazySets[index] }
}

/// Templates by interned key, each with its required clauses, as one flat array: key k's
/// records are `records[start[k]..<start[k + 1]]`, and a record is a template id, its clause
/// count n, then its n clause ids (`~id` for a clause that naming an app satisfies). Keys
/// interned after the index was built have none.
///
/// NB: the clauses are kept inline, so checking the templates filed under a word reads one
/// run of memory: about seventy templates are looked at per utterance to keep about nine, and
/// reading their clauses through a table per template missed the cache on every one.
struct TemplateIndex: Sendable {
    private var start: [Int32] = [0]
    private var records: [Int32] = []

    init() {}

    /// `clauses`: per template, its clause ids as `TemplateRequirements.finish` hands them over.
    init(_ byKey: [Int32: [Int32]], keyCount: Int, clauses: [[Int32]]) {
        start = [0]
        start.reserveCapacity(keyCount + 1)
        for key in 0..<Int32(keyCount) {
            for template in byKey[key] ?? [] {
                let required = Int(template) < clauses.count ? clauses[Int(template)] : []
                records.append(template)
                records.append(Int32(required.count))
                records += required
            }
            start.append(Int32(records.count))
        }
    }

    /// The index of `write(to:)`'s bytes (the compiled-grammar cache).
    init(from reader: BinaryReader) throws {
        start = try reader.plain()
        records = try reader.plain()
        guard start.first == 0, start.last.map(Int.init) == records.count, zip(start, start.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw reader.damaged("an inconsistent template index")
        }
    }

    func write(to writer: BinaryWriter) {
        writer.writePlain(start)
        writer.writePlain(records)
    }

    /// Sorts the templates filed under `key` by whether every one of their clauses is stamped
    /// with `stamp` (after `TemplateRequirements.mark` for each of the utterance's words):
    /// those that are go to `satisfied`; those that would be if phrases of some sets occurred
    /// go to `ifPhrasesOccur`, as their records (that check costs phrase lookups, so the caller
    /// makes it only for the templates that need it, with `clauses(ofRecord:)`); the rest nowhere.
    func select(
        _ key: Int32, clauseStamp: UnsafeBufferPointer<UInt32>, stamp: UInt32,
        satisfied: inout [Int32], ifPhrasesOccur: inout [Int32]
    ) {
        let k = Int(key)
        guard k >= 0, k + 1 < start.count else { return }
        records.withUnsafeBufferPointer { records in
            var index = Int(start[k])
            let end = Int(start[k + 1])
            while index < end {
                let record = index
                let template = records[index]
                let clausesEnd = index + 2 + Int(records[index + 1])
                index += 2
                var needsPhrases = false, fails = false
                while index < clausesEnd {
                    let clause = records[index]
                    index += 1
                    if clause >= 0 {
                        if clauseStamp[Int(clause)] != stamp {
                            fails = true
                            break
                        }
                    } else if clauseStamp[Int(~clause)] != stamp {
                        needsPhrases = true
                    }
                }
                index = clausesEnd
                if fails { continue }
                if needsPhrases { ifPhrasesOccur.append(Int32(record)) } else { satisfied.append(template) }
            }
        }
    }

    /// The template of the record at `record` (as `select` hands it over), and its clause ids.
    func clauses(ofRecord record: Int32) -> (template: Int32, clauses: ArraySlice<Int32>) {
        let index = Int(record)
        return (records[index], records[(index + 2)..<(index + 2 + Int(records[index + 1]))])
    }
}

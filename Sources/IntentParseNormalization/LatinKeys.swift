import IntentParseBase

/// A word's keys from tables, for words in Latin letters: what the ICU pipeline makes of each
/// letter, worked out once per process by ICU itself, so that a word with accents or Turkish
/// letters ("fotoğraflarını", "réserve") costs table lookups instead of five ICU calls.
///
/// The tables cover U+0000–U+024F (Latin-1 and the Latin Extended-A and -B blocks) and
/// U+1E00–U+1EFF (Latin Extended Additional). Per letter equals per word there: with no
/// combining mark in the word, normalization composes nothing across letters, and case folding
/// and Latin-ASCII map each letter on its own (the key is lowercase, so Latin-ASCII's rules for
/// a capital before a small letter never apply). A word with any other code unit takes the ICU
/// path (`Normalizer.token`).
struct LatinKeys: Sendable {
    /// Each covered code point's key (`Normalizer.folded`): `keyUnits[keyStarts[i]..<keyStarts[i + 1]]`.
    private let keyUnits: [UInt16]
    private let keyStarts: [Int32]
    /// Each covered code point's loose key (marks stripped, Latin-ASCII, apostrophes kept).
    private let looseUnits: [UInt16]
    private let looseStarts: [Int32]

    /// As `ICUTables` has them (installed from a file, or made now by ICU).
    static let plain = ICUTables.latinKeys(turkic: false)
    static let turkic = ICUTables.latinKeys(turkic: true)

    /// The table slot of `unit`, or nil outside the tables.
    @inline(__always)
    private static func slot(_ unit: UInt16) -> Int? {
        if unit < 0x250 { return Int(unit) }
        if unit >= 0x1E00 && unit <= 0x1EFF { return 0x250 + Int(unit - 0x1E00) }
        return nil
    }

    private static let covered: [UInt16] = Array(0..<0x250) + Array(0x1E00...0x1EFF)

    init(turkic: Bool) {
        // Newline-separated, so that no code point sees a neighbour: a newline composes with
        // nothing and no rule reaches across it. The newline itself maps to itself.
        let points = LatinKeys.covered.map { $0 == 0x0A ? UInt16(0x20) : $0 }
        var joined: [UInt16] = []
        joined.reserveCapacity(points.count * 2)
        for point in points { joined += [point, 0x0A] }
        let folded = Normalizer.folded(joined, turkic: turkic)
        let loose = Normalizer.latinLoose(joined)
        (keyUnits, keyStarts) = LatinKeys.table(folded, count: points.count)
        (looseUnits, looseStarts) = LatinKeys.table(loose, count: points.count)
    }

    func write(to writer: BinaryWriter) {
        writer.writePlain(keyUnits)
        writer.writePlain(keyStarts)
        writer.writePlain(looseUnits)
        writer.writePlain(looseStarts)
    }

    /// The tables `write` wrote; throws unless each has a piece per covered code point, in
    /// order and within its units (or is empty: every word takes the ICU path).
    init(from reader: BinaryReader) throws {
        keyUnits = try reader.plain()
        keyStarts = try reader.plain()
        looseUnits = try reader.plain()
        looseStarts = try reader.plain()
        for (units, starts) in [(keyUnits, keyStarts), (looseUnits, looseStarts)] where !starts.isEmpty {
            guard starts.count == LatinKeys.covered.count + 1, starts.first == 0, starts.last == Int32(units.count),
                zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 })
            else { throw reader.damaged("Latin key tables out of order") }
        }
    }

    /// The pieces of `joined` between newlines as one flat table, or an empty table (every
    /// word takes the ICU path) if ICU gave something else than one piece per code point.
    private static func table(_ joined: [UInt16], count: Int) -> ([UInt16], [Int32]) {
        let pieces = joined.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard pieces.count == count + 1, pieces.last?.isEmpty == true else { return ([], []) }
        var units: [UInt16] = [], starts: [Int32] = [0]
        for piece in pieces.dropLast() {
            units += piece
            starts.append(Int32(units.count))
        }
        return (units, starts)
    }

    /// The key and loose key of a word (apostrophes unified in the key, kept in the loose key),
    /// or nil when a unit is outside the tables.
    func keys(_ units: ArraySlice<UInt16>) -> (key: [UInt16], loose: [UInt16])? {
        guard !keyStarts.isEmpty, !looseStarts.isEmpty else { return nil }
        var key: [UInt16] = []
        key.reserveCapacity(units.count)
        for unit in units {
            guard let slot = LatinKeys.slot(unit) else { return nil }
            key += keyUnits[Int(keyStarts[slot])..<Int(keyStarts[slot + 1])]
        }
        var loose: [UInt16] = []
        loose.reserveCapacity(key.count)
        for unit in key {
            // A letter whose key leaves the tables (a dotted capital I folds to i and a combining dot).
            guard let slot = LatinKeys.slot(unit) else { return nil }
            loose += looseUnits[Int(looseStarts[slot])..<Int(looseStarts[slot + 1])]
        }
        return (key, loose)
    }
}

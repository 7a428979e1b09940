import CIntentParseICU
import IntentParseBase

/// The tables ICU's transliterators make for the normalizers, kept so that a later process
/// can be given them instead of asking ICU again: the Latin letters' keys (`LatinKeys`) and,
/// per transform ("Traditional-Simplified"), the code points it may change and what it makes
/// of single characters.
///
/// NB: making them costs more than the rest of a start-up's reading: ICU builds its
/// transliterator registry on the first transliterator opened (~140 million instructions),
/// then parses the rules of each (Latin-ASCII, Traditional-Simplified). With the tables given
/// (`install`), no transliterator is opened until a text needs one the tables do not cover.
/// The tables depend on ICU's data and on this code alone, so the caller keys them by
/// `icuVersion` and by the executable.
public enum ICUTables {
    /// ICU's version ("72.1").
    public static let icuVersion: String = {
        var buffer = [CChar](repeating: 0, count: 32)
        cip_icu_version(&buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// One transform's tables: the BMP code points it may change (a bit each), whether it may
    /// change any beyond the BMP, and what it makes of each single code unit it maps to one
    /// (nil until a normalizer asked for that).
    struct Transform: Sendable {
        var changes: [UInt64]
        var changesBeyondBMP: Bool
        var singleUnits: [UInt16: UInt16]?
    }

    private struct State {
        var latin: [Bool: LatinKeys] = [:]
        var transforms: [String: Transform] = [:]
        /// Tables made in this process that `install` did not give.
        var made = false
    }

    private static let lock = Lock()
    nonisolated(unsafe) private static var state = State()

    /// Whether this process made tables that were not installed (worth writing down).
    public static var hasUnwrittenTables: Bool { lock.withLock { state.made } }

    /// `LatinKeys` for Turkic or other languages: as installed, else made by ICU (and kept).
    static func latinKeys(turkic: Bool) -> LatinKeys {
        if let known = lock.withLock({ state.latin[turkic] }) { return known }
        let made = LatinKeys(turkic: turkic)
        lock.withLock {
            state.latin[turkic] = made
            state.made = true
        }
        return made
    }

    /// The installed tables of transform `id`, if any.
    static func transform(_ id: String) -> Transform? { lock.withLock { state.transforms[id] } }

    /// Keeps the tables a transliterator made of itself (its single units, when they were
    /// not known yet).
    static func record(_ id: String, _ tables: Transform) {
        lock.withLock {
            if let known = state.transforms[id], known.singleUnits != nil || tables.singleUnits == nil { return }
            state.transforms[id] = tables
            state.made = true
        }
    }

    /// Every table known now, for `install` in another process.
    package static func write(to writer: BinaryWriter) {
        let current = lock.withLock {
            defer { state.made = false }
            return state
        }
        writer.write(icuVersion)
        let latin = current.latin.sorted { !$0.key && $1.key }
        writer.varint(UInt64(latin.count))
        for (turkic, keys) in latin {
            writer.write(turkic)
            keys.write(to: writer)
        }
        let transforms = current.transforms.sorted { $0.key < $1.key }
        writer.varint(UInt64(transforms.count))
        for (id, tables) in transforms {
            writer.write(id)
            writer.writePlain(tables.changes)
            writer.write(tables.changesBeyondBMP)
            writer.write(tables.singleUnits != nil)
            guard let singleUnits = tables.singleUnits else { continue }
            let pairs = singleUnits.sorted { $0.key < $1.key }
            writer.writePlain(pairs.map(\.key))
            writer.writePlain(pairs.map(\.value))
        }
    }

    /// Gives the tables `write` wrote (by this ICU) to the normalizers: tables already made in
    /// this process stay as they are (the same, by construction). Throws on a damaged record
    /// or anything after it, installing nothing.
    package static func install(from reader: BinaryReader) throws {
        guard try reader.string() == icuVersion else { throw reader.damaged("tables of another ICU version") }
        var latin: [Bool: LatinKeys] = [:]
        for _ in 0..<(try reader.count()) {
            let turkic = try reader.bool()
            latin[turkic] = try LatinKeys(from: reader)
        }
        var transforms: [String: Transform] = [:]
        for _ in 0..<(try reader.count()) {
            let id = try reader.string()
            let changes = try reader.plain(UInt64.self)
            guard changes.count == 1024 else { throw reader.damaged("a source set of \(changes.count) words") }
            let beyond = try reader.bool()
            var singleUnits: [UInt16: UInt16]?
            if try reader.bool() {
                let keys = try reader.plain(UInt16.self), values = try reader.plain(UInt16.self)
                guard keys.count == values.count else { throw reader.damaged("\(keys.count) code units mapped to \(values.count)") }
                singleUnits = Dictionary(zip(keys, values), uniquingKeysWith: { first, _ in first })
            }
            transforms[id] = Transform(changes: changes, changesBeyondBMP: beyond, singleUnits: singleUnits)
        }
        guard reader.isAtEnd else { throw reader.damaged("bytes after the tables") }
        lock.withLock {
            state.latin.merge(latin) { current, _ in current }
            state.transforms.merge(transforms) { current, _ in current }
        }
    }
}

import CIntentParseICU

/// Swift-side calls into the ICU shim, with buffer sizing handled once.
///
/// All offsets and lengths here are UTF-16 code units, as ICU counts them.
enum ICUText {
    /// Runs a C transform that writes into a caller-provided UTF-16 buffer, growing it on overflow.
    static func transform(
        _ source: [UInt16],
        _ body: (UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32) -> Int32
    ) -> [UInt16]? {
        if source.isEmpty { return [] }
        var capacity = max(16, source.count * 2 + 8)
        for _ in 0..<4 {
            var output = [UInt16](repeating: 0, count: capacity)
            let length = source.withUnsafeBufferPointer { src in
                output.withUnsafeMutableBufferPointer { dst -> Int32 in
                    guard let s = src.baseAddress, let d = dst.baseAddress else { return CIP_FAILURE }
                    return body(s, Int32(src.count), d, Int32(capacity))
                }
            }
            if length >= 0 {
                output.removeSubrange(Int(length)...)
                return output
            }
            if length != CIP_BUFFER_TOO_SMALL { return nil }
            capacity *= 4
        }
        return nil
    }

    static func nfkc(_ text: [UInt16]) -> [UInt16]? {
        transform(text) { cip_nfkc($0, $1, $2, $3) }
    }

    static func foldCase(_ text: [UInt16], turkic: Bool) -> [UInt16]? {
        transform(text) { cip_fold_case($0, $1, turkic ? 1 : 0, $2, $3) }
    }

    /// Lowercased with `locale`'s own rules.
    static func lowercase(_ text: [UInt16], locale: String) -> [UInt16]? {
        locale.withCString { id in transform(text) { cip_to_lower($0, $1, id, $2, $3) } }
    }

    /// Whether `text` has letters of a script other than Latin and Han.
    static func hasOtherScript(_ text: [UInt16]) -> Bool {
        text.withUnsafeBufferPointer { cip_has_other_script($0.baseAddress, Int32($0.count)) } == 1
    }

    /// Whether `text` has a symbol: general category S*, an emoji or an enclosing mark.
    static func hasSymbol(_ text: ArraySlice<UInt16>) -> Bool {
        text.withUnsafeBufferPointer { cip_has_symbol($0.baseAddress, Int32($0.count)) } == 1
    }

    /// Whether a run of marks (no letters, digits or spaces) is an emoticon rather than sentence
    /// punctuation: ":)" and ":-(" are, "..." and "?!" are not.
    static func isEmoticon(_ text: ArraySlice<UInt16>) -> Bool {
        text.withUnsafeBufferPointer { cip_is_emoticon($0.baseAddress, Int32($0.count)) } == 1
    }

    static func stripMarks(_ text: [UInt16]) -> [UInt16]? {
        transform(text) { cip_strip_marks($0, $1, $2, $3) }
    }
}

/// Transliterators by id, opened once per process and shared by every normalizer (opening one
/// parses its rules: Any-Latin takes tens of millions of instructions).
enum SharedTransliterators {
    private static let lock = Lock()
    nonisolated(unsafe) private static var opened: [String: Transliterator?] = [:]

    /// The transliterator `id`, or nil when ICU does not know it. With its tables installed
    /// (`ICUTables`), it is opened only when a text needs ICU itself.
    static func transliterator(_ id: String) -> Transliterator? {
        lock.withLock {
            if let known = opened[id] { return known }
            let made = ICUTables.transform(id).map { Transliterator(id: id, tables: $0) } ?? Transliterator(id: id)
            opened[id] = .some(made)
            return made
        }
    }
}

/// An ICU transliterator ("Latin-ASCII", "Any-Latin", ...), opened once and reused.
final class Transliterator: @unchecked Sendable {
    private let id: String
    /// The ICU object: nil until first needed when the tables were installed, and for good
    /// if ICU could not open it then.
    private var handle: UnsafeMutableRawPointer?
    private var triedOpening = false
    private let lock = Lock()

    /// `id`, opened now; nil when ICU does not know it.
    init?(id: String) {
        guard let handle = Transliterator.open(id) else { return nil }
        self.id = id
        self.handle = handle
        triedOpening = true
        (changes, changesBeyondBMP) = Transliterator.sourceSet(handle)
        ICUTables.record(id, ICUTables.Transform(changes: changes, changesBeyondBMP: changesBeyondBMP))
    }

    /// `id` as its installed tables describe it; opened on the first text they do not cover.
    init(id: String, tables: ICUTables.Transform) {
        self.id = id
        changes = tables.changes
        changesBeyondBMP = tables.changesBeyondBMP
        mappings = tables.singleUnits
    }

    private static func open(_ id: String) -> UnsafeMutableRawPointer? {
        let units = Array(id.utf16)
        return units.withUnsafeBufferPointer { cip_translit_open($0.baseAddress, Int32($0.count)) }
    }

    /// The ICU object, opened on first use (under `lock`); nil if ICU cannot open it.
    private func openedHandle() -> UnsafeMutableRawPointer? {
        if handle == nil, !triedOpening {
            triedOpening = true
            handle = Transliterator.open(id)
        }
        return handle
    }

    /// The BMP code points the transform may change, one bit each, and whether it may change
    /// any beyond the BMP: a run with none of them is left as it is, without an ICU call.
    ///
    /// NB: as ICU reports them (its source set), which for some transforms is short of what
    /// they change: Latin-ASCII's misses "ı" and "æ". Only transforms whose set is known to
    /// be whole (Traditional-Simplified) are asked `mayChange`.
    private let changes: [UInt64]
    private let changesBeyondBMP: Bool

    private static func sourceSet(_ handle: UnsafeMutableRawPointer) -> ([UInt64], Bool) {
        var ranges = [UInt32](repeating: 0, count: 2 * 4096)
        var count = Int(cip_translit_source_ranges(handle, &ranges, 4096))
        if count > 4096 {
            ranges = [UInt32](repeating: 0, count: 2 * count)
            count = Int(cip_translit_source_ranges(handle, &ranges, Int32(count)))
        }
        // Unknown: everything may change.
        guard count >= 0 else { return ([UInt64](repeating: ~0, count: 1024), true) }
        var bits = [UInt64](repeating: 0, count: 1024)
        var beyond = false
        for index in 0..<count {
            let start = ranges[2 * index], end = ranges[2 * index + 1]
            if end > 0xFFFF { beyond = true }
            guard start <= 0xFFFF else { continue }
            for point in start...min(end, 0xFFFF) { bits[Int(point >> 6)] |= 1 << UInt64(point & 63) }
        }
        return (bits, beyond)
    }

    deinit { if let handle { cip_translit_close(handle) } }

    /// What the transform makes of each BMP code point it may change, when that is one code
    /// unit again ("發" → "发", "发" → "发"); the others (several units, or depending on their neighbours)
    /// are left out. Worked out by the first caller (one ICU call for all of them); every
    /// normalizer of the transform shares the map.
    func singleUnitMappings() -> [UInt16: UInt16] {
        // NB: a lock of its own, held while the map is made, so that two locales' normalizers
        // made at once wait for one another instead of both asking ICU; `apply` takes `lock`.
        mappingsLock.withLock {
            if let mappings { return mappings }
            let made = makeSingleUnitMappings()
            mappings = made
            ICUTables.record(id, ICUTables.Transform(changes: changes, changesBeyondBMP: changesBeyondBMP, singleUnits: made))
            return made
        }
    }

    private let mappingsLock = Lock()
    private var mappings: [UInt16: UInt16]?

    private func makeSingleUnitMappings() -> [UInt16: UInt16] {
        var points: [UInt16] = []
        for (word, bits) in changes.enumerated() where bits != 0 {
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
                let point = UInt16(word * 64 + bit)
                if !UTF16.isLeadSurrogate(point), !UTF16.isTrailSurrogate(point), point != 0x0A { points.append(point) }
            }
        }
        // One point a line, so that no rule sees a neighbour.
        var joined: [UInt16] = []
        joined.reserveCapacity(2 * points.count)
        for point in points { joined += [point, 0x0A] }
        let pieces = apply(joined).split(separator: 0x0A, omittingEmptySubsequences: false)
        guard pieces.count >= points.count else { return [:] }
        var map: [UInt16: UInt16] = [:]
        for (point, piece) in zip(points, pieces) where piece.count == 1 { map[point] = piece.first }
        return map
    }

    /// Whether the transform may change `text` (false: it certainly leaves it as it is).
    func mayChange(_ text: ArraySlice<UInt16>) -> Bool {
        text.contains(where: mayChange)
    }

    /// Whether the transform may change a text with this code unit in it.
    func mayChange(_ unit: UInt16) -> Bool {
        (changesBeyondBMP && UTF16.isLeadSurrogate(unit)) || changes[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
    }

    func apply(_ text: [UInt16]) -> [UInt16] {
        lock.withLock { openedHandle().map { Transliterator.apply(text, with: $0) } } ?? text
    }

    /// `text` through the ICU object `handle` (the caller holds the lock, if any); `text` as
    /// it is if ICU fails.
    private static func apply(_ text: [UInt16], with handle: UnsafeMutableRawPointer) -> [UInt16] {
        var capacity = text.count * 3 + 16
        for _ in 0..<4 {
            var buffer = text + [UInt16](repeating: 0, count: capacity - text.count)
            var length = Int32(text.count)
            let status = buffer.withUnsafeMutableBufferPointer { cip_translit_apply(handle, $0.baseAddress, &length, Int32(capacity)) }
            if status == 0 {
                buffer.removeSubrange(Int(length)...)
                return buffer
            }
            if status != CIP_BUFFER_TOO_SMALL { return text }
            capacity *= 4
        }
        return text
    }
}

/// ICU's word break iterator for one locale: finds words where spaces do not (Chinese, Japanese).
final class WordSegmenter: @unchecked Sendable {
    struct Segment {
        /// What ICU's word break rules say a segment is (its rule status).
        enum Kind: Sendable {
            /// Spaces, punctuation and symbols.
            case other
            case number
            case letters
            case kana
            case ideographic

            /// The C wrapper's `CIP_SEGMENT_*` value.
            init(_ status: Int32) {
                switch status {
                case CIP_SEGMENT_NUMBER: self = .number
                case CIP_SEGMENT_LETTER: self = .letters
                case CIP_SEGMENT_KANA: self = .kana
                case CIP_SEGMENT_IDEOGRAPHIC: self = .ideographic
                default: self = .other
                }
            }
        }

        /// UTF-16 offsets into the segmented text.
        var range: Range<Int>
        var kind: Kind
    }

    private let handle: UnsafeMutableRawPointer
    private let lock = Lock()

    init?(locale: String) {
        guard let handle = cip_words_open(locale) else { return nil }
        self.handle = handle
    }

    deinit { cip_words_close(handle) }

    /// The locale whose word break rules ICU uses for this segmenter ("" or "root" for the
    /// rules most languages share): two segmenters with the same one cut text alike.
    var rulesLocale: String? {
        var buffer = [CChar](repeating: 0, count: 160)
        let length = lock.withLock { buffer.withUnsafeMutableBufferPointer { cip_words_rules_locale(handle, $0.baseAddress, Int32($0.count)) } }
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func segments(_ text: [UInt16]) -> [Segment] {
        var capacity = text.count + 1
        while true {
            var starts = [Int32](repeating: 0, count: capacity)
            var ends = starts, kinds = starts
            let count = lock.withLock {
                text.withUnsafeBufferPointer { src in
                    cip_words_segment(handle, src.baseAddress, Int32(src.count), &starts, &ends, &kinds, Int32(capacity))
                }
            }
            if count < 0 { return [] }
            if Int(count) <= capacity {
                return (0..<Int(count)).map { Segment(range: Int(starts[$0])..<Int(ends[$0]), kind: Segment.Kind(kinds[$0])) }
            }
            capacity = Int(count)
        }
    }
}

extension Normalizer {
    /// ICU's default locale ("en_US_POSIX" where the environment names none; ICU derives it
    /// from the same variables), or nil if ICU cannot say.
    public static var icuDefaultLocale: String? {
        var buffer = [CChar](repeating: 0, count: 160)
        let length = buffer.withUnsafeMutableBufferPointer { cip_default_locale($0.baseAddress, Int32($0.count)) }
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

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

    static func stripMarks(_ text: [UInt16]) -> [UInt16]? {
        transform(text) { cip_strip_marks($0, $1, $2, $3) }
    }
}

/// An ICU transliterator ("Latin-ASCII", "Any-Latin", ...), opened once and reused.
final class Transliterator: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    private let lock = Lock()

    init?(id: String) {
        let units = Array(id.utf16)
        guard let handle = units.withUnsafeBufferPointer({ cip_translit_open($0.baseAddress, Int32($0.count)) }) else {
            return nil
        }
        self.handle = handle
    }

    deinit { cip_translit_close(handle) }

    func apply(_ text: [UInt16]) -> [UInt16] {
        var capacity = text.count * 3 + 16
        for _ in 0..<4 {
            var buffer = text + [UInt16](repeating: 0, count: capacity - text.count)
            var length = Int32(text.count)
            let status = lock.withLock {
                buffer.withUnsafeMutableBufferPointer { cip_translit_apply(handle, $0.baseAddress, &length, Int32(capacity)) }
            }
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
        /// UTF-16 offsets into the segmented text.
        var range: Range<Int>
        var kind: Int32
    }

    private let handle: UnsafeMutableRawPointer
    private let lock = Lock()

    init?(locale: String) {
        guard let handle = cip_words_open(locale) else { return nil }
        self.handle = handle
    }

    deinit { cip_words_close(handle) }

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
                return (0..<Int(count)).map { Segment(range: Int(starts[$0])..<Int(ends[$0]), kind: kinds[$0]) }
            }
            capacity = Int(count)
        }
    }
}

import CIntentParseICU
import Foundation

/// Swift faces of the ICU shim's number, currency and calendar functions.
///
/// Lengths and offsets are UTF-16 code units, as ICU counts them.
enum ICUBuffer {
    /// Calls a C function that fills a UTF-16 buffer, growing the buffer on CIP_BUFFER_TOO_SMALL.
    /// nil on failure; an empty string when ICU wrote nothing.
    static func string(_ body: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> String? {
        var capacity = 64
        for _ in 0..<4 {
            var buffer = [UInt16](repeating: 0, count: capacity)
            let made = buffer.withUnsafeMutableBufferPointer { pointer -> (String?, Int32) in
                guard let base = pointer.baseAddress else { return (nil, CIP_FAILURE) }
                let length = body(base, Int32(capacity))
                // NB: decoded from the buffer's memory; decoding an array slice takes the
                // generic path, about forty times as many instructions.
                guard length >= 0, Int(length) <= capacity else { return (nil, length) }
                return (String(decoding: UnsafeBufferPointer(start: base, count: Int(length)), as: UTF16.self), length)
            }
            if let string = made.0 { return string }
            if made.1 != CIP_BUFFER_TOO_SMALL { return nil }
            capacity *= 8
        }
        return nil
    }

    /// ICU wants "en_US", not "en-US".
    static func localeID(_ locale: String) -> String {
        // NB: not Foundation's `replacingOccurrences`, which costs thousands of instructions a
        // call, and this is asked once per ICU call.
        locale.contains("-") ? String(locale.map { $0 == "-" ? "_" : $0 }) : locale
    }
}

/// An ICU number format: decimal, ordinal digits ("3rd") or spelled-out ordinals ("third").
///
/// Thread-safe: ICU formats are not, so calls are serialised.
final class ICUNumberFormat: @unchecked Sendable {
    enum Style {
        /// "1,234.5"
        case decimal
        /// Digits with the locale's ordinal suffix: "3rd".
        case ordinalDigits
        /// Spelled-out ordinals (rule set %spellout-ordinal): "third".
        case ordinalWords
        /// Spelled-out cardinals: "twenty-three".
        case spellOut

        var icu: Int32 {
            switch self {
            case .decimal: return CIP_NUMBER_DECIMAL
            case .ordinalDigits: return CIP_NUMBER_ORDINAL_DIGITS
            case .ordinalWords: return CIP_NUMBER_ORDINAL_WORDS
            case .spellOut: return CIP_NUMBER_SPELLOUT
            }
        }
    }

    private let handle: UnsafeMutableRawPointer
    private let lock = NSLock()

    /// The locale's decimal and grouping separators ("," and "." in German); "." and "," where
    /// ICU cannot say.
    static func separators(locale: String) -> (decimal: Character, grouping: Character) {
        var decimal: UInt16 = 0x2E, grouping: UInt16 = 0x2C
        _ = cip_number_separators(ICUBuffer.localeID(locale), &decimal, &grouping)
        return (Character(Unicode.Scalar(decimal) ?? "."), Character(Unicode.Scalar(grouping) ?? ","))
    }

    init?(locale: String, style: Style) {
        guard let handle = cip_number_open(ICUBuffer.localeID(locale), style.icu) else { return nil }
        self.handle = handle
    }

    deinit { cip_number_close(handle) }

    /// The number at the start of `text` and how many UTF-16 units it took; nil if none.
    func parsePrefix(_ text: String) -> (value: Double, length: Int)? {
        let units = Array(text.utf16)
        var value = 0.0
        let consumed = lock.withLock {
            units.withUnsafeBufferPointer { cip_number_parse(handle, $0.baseAddress, Int32($0.count), &value) }
        }
        return consumed > 0 ? (value, Int(consumed)) : nil
    }

    /// `text` read as one whole number; nil unless every unit is consumed.
    ///
    /// NB: ICU's spell-out parsing collates every rule against the text, tens of microseconds a
    /// call, and the same few number words come back in utterance after utterance: answers are
    /// kept (up to `ICUNumberFormat.keep` texts, then forgotten all at once).
    func parse(_ text: String) -> Double? {
        if let known = lock.withLock({ parsed[text] }) { return known }
        let prefix = parsePrefix(text)
        let value = prefix.flatMap { $0.length == text.utf16.count ? $0.value : nil }
        lock.withLock {
            if parsed.count >= ICUNumberFormat.keep { parsed.removeAll(keepingCapacity: true) }
            parsed[text] = .some(value)
        }
        return value
    }

    private var parsed: [String: Double?] = [:]
    private static let keep = 4096

    func format(_ value: Double) -> String? {
        lock.withLock { ICUBuffer.string { cip_number_format(handle, value, $0, $1) } }
    }
}

/// ICU's currency data: ISO codes, names and symbols per locale, fraction digits.
enum ICUCurrencies {
    /// The common, current ISO 4217 codes ("USD", "EUR", ...).
    static func codes() -> [String] {
        var buffer = [CChar](repeating: 0, count: 3 * 400)
        let count = buffer.withUnsafeMutableBufferPointer { cip_currency_codes($0.baseAddress, Int32($0.count)) }
        guard count > 0 else { return [] }
        let bytes = buffer[0..<(3 * Int(count))].map { UInt8(bitPattern: $0) }
        return stride(from: 0, to: bytes.count, by: 3).map { String(decoding: bytes[$0..<$0 + 3], as: UTF8.self) }
    }

    enum NameStyle {
        /// "$", "CA$", "€"
        case symbol
        /// "US Dollar"
        case longName
        /// "US dollar"
        case pluralOne
        /// "US dollars"
        case pluralOther
        /// "$" for USD, CAD, AUD alike; "£", "¥"
        case narrowSymbol

        var icu: Int32 {
            switch self {
            case .symbol: return CIP_CURRENCY_SYMBOL
            case .longName: return CIP_CURRENCY_LONG_NAME
            case .pluralOne: return CIP_CURRENCY_PLURAL_ONE
            case .pluralOther: return CIP_CURRENCY_PLURAL_OTHER
            case .narrowSymbol: return CIP_CURRENCY_NARROW_SYMBOL
            }
        }
    }

    /// A name of `code` in `locale`; nil when ICU has none.
    static func name(_ code: String, locale: String, style: NameStyle) -> String? {
        let name = ICUBuffer.string { cip_currency_name(code, ICUBuffer.localeID(locale), style.icu, $0, $1) }
        return name?.isEmpty == false ? name : nil
    }

    /// How many regions use each currency, by ISO code (USD: 19, GBP: 5), from ICU's region
    /// data; read once.
    static let regionCounts: [String: Int] = {
        var buffer = [CChar](repeating: 0, count: 3 * 400)
        let count = buffer.withUnsafeMutableBufferPointer { cip_currency_regions($0.baseAddress, Int32($0.count)) }
        guard count > 0 else { return [:] }
        let bytes = buffer[0..<(3 * Int(count))].map { UInt8(bitPattern: $0) }
        var counts: [String: Int] = [:]
        for start in stride(from: 0, to: bytes.count, by: 3) where bytes[start] != 0x20 {
            counts[String(decoding: bytes[start..<start + 3], as: UTF8.self), default: 0] += 1
        }
        return counts
    }()

    /// Digits after the decimal point: 2 for USD, 0 for JPY.
    static func fractionDigits(_ code: String) -> Int {
        max(0, Int(cip_currency_fraction_digits(code)))
    }

    /// The locale's own currency ("en" → "USD"), if ICU knows its region.
    static func currency(forLocale locale: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 8)
        let status = buffer.withUnsafeMutableBufferPointer { cip_currency_for_locale(ICUBuffer.localeID(locale), $0.baseAddress, Int32($0.count)) }
        guard status == 0 else { return nil }
        return String(decoding: buffer.prefix(3).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Month, weekday and AM/PM names of a locale, from ICU's date format symbols.
enum ICUCalendarWords {
    /// The locale's first day of the week, 1 = Sunday ... 7 = Saturday, as ICU's region data
    /// gives it (Monday in China, where Foundation's "zh" calendar starts on Sunday).
    static func firstWeekday(locale: String) -> Int? {
        let day = Int(cip_first_weekday(ICUBuffer.localeID(locale)))
        return (1...7).contains(day) ? day : nil
    }

    /// The order of day, month and year in the locale's numeric dates, from ICU's short date
    /// pattern: "dMy" for "dd.MM.yy" (German), "Mdy" for "M/d/yy" (US English), "yMd" for
    /// "y/M/d" (Chinese). Nil when ICU has no pattern with all three.
    static func numericDateOrder(locale: String) -> [Character]? {
        guard let pattern = ICUBuffer.string({ cip_short_date_pattern(ICUBuffer.localeID(locale), $0, $1) }) else { return nil }
        var order: [Character] = []
        var quoted = false
        for character in pattern {
            if character == "'" { quoted.toggle() }
            if !quoted, "dMy".contains(character), !order.contains(character) { order.append(character) }
        }
        return order.count == 3 ? order : nil
    }

    enum Kind {
        /// January ... December, index 0-11.
        case months
        /// Jan ... Dec
        case shortMonths
        /// Index 1 = Sunday ... 7 = Saturday (index 0 is empty).
        case weekdays
        /// Sun ... Sat
        case shortWeekdays
        /// AM, PM
        case amPm

        var icu: Int32 {
            switch self {
            case .months: return CIP_DATE_MONTHS
            case .shortMonths: return CIP_DATE_SHORT_MONTHS
            case .weekdays: return CIP_DATE_WEEKDAYS
            case .shortWeekdays: return CIP_DATE_SHORT_WEEKDAYS
            case .amPm: return CIP_DATE_AM_PM
            }
        }
    }

    /// Every symbol of a kind, by ICU's index; empty strings kept.
    static func symbols(locale: String, kind: Kind) -> [String] {
        guard let handle = cip_dates_open(ICUBuffer.localeID(locale)) else { return [] }
        defer { cip_dates_close(handle) }
        let count = max(0, Int(cip_date_symbol_count(handle, kind.icu)))
        return (0..<count).map { index in
            ICUBuffer.string { cip_date_symbol(handle, kind.icu, Int32(index), $0, $1) } ?? ""
        }
    }
}

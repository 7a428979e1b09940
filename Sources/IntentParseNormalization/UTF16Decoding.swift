extension String {
    /// The string of UTF-16 code units `units`; a lone surrogate becomes U+FFFD, as
    /// `String(decoding:as: UTF16.self)` makes it.
    ///
    /// NB: written as UTF-8 in place, in one pass to size the string and one to fill it: the
    /// standard library's UTF-16 decoding takes a generic slow path that cost a tenth of a
    /// Turkish parse (three strings a word: text, key, loose key).
    public init<Units: Collection<UInt16>>(utf16Units units: Units) {
        var length = 0
        var index = units.startIndex
        while index != units.endIndex {
            let unit = units[index]
            units.formIndex(after: &index)
            if unit < 0x80 {
                length += 1
            } else if unit < 0x800 {
                length += 2
            } else if UTF16.isLeadSurrogate(unit), index != units.endIndex, UTF16.isTrailSurrogate(units[index]) {
                units.formIndex(after: &index)
                length += 4
            } else {
                length += 3
            }
        }
        self.init(unsafeUninitializedCapacity: length) { buffer in
            var count = 0
            var index = units.startIndex
            while index != units.endIndex {
                var scalar = UInt32(units[index])
                units.formIndex(after: &index)
                if scalar < 0x80 {
                    buffer[count] = UInt8(scalar)
                    count += 1
                    continue
                }
                if scalar < 0x800 {
                    buffer[count] = 0xC0 | UInt8(scalar >> 6)
                    buffer[count + 1] = 0x80 | UInt8(scalar & 0x3F)
                    count += 2
                    continue
                }
                if UTF16.isLeadSurrogate(UInt16(scalar)), index != units.endIndex, UTF16.isTrailSurrogate(units[index]) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                    units.formIndex(after: &index)
                    buffer[count] = 0xF0 | UInt8(scalar >> 18)
                    buffer[count + 1] = 0x80 | UInt8((scalar >> 12) & 0x3F)
                    buffer[count + 2] = 0x80 | UInt8((scalar >> 6) & 0x3F)
                    buffer[count + 3] = 0x80 | UInt8(scalar & 0x3F)
                    count += 4
                    continue
                }
                // A lone surrogate is replaced, as the standard library's decoding does.
                if UTF16.isLeadSurrogate(UInt16(scalar)) || UTF16.isTrailSurrogate(UInt16(scalar)) { scalar = 0xFFFD }
                buffer[count] = 0xE0 | UInt8(scalar >> 12)
                buffer[count + 1] = 0x80 | UInt8((scalar >> 6) & 0x3F)
                buffer[count + 2] = 0x80 | UInt8(scalar & 0x3F)
                count += 3
            }
            return count
        }
    }
}

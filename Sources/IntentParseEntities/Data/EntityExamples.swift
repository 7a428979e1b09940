extension EntityCatalog {
    /// A few phrases each entity reads, made from ICU and the data file (never written per
    /// language in Swift), for sentences generated from grammars (benchmarks, self-checks).
    /// NB: data files list a unit's or currency's singular first, then its plural.
    static func examples(locale: String, data: EntityData, numbers: NumberParser) -> [String: [String]] {
        var result: [String: [String]] = ["number": ["7"] + [numbers.spellOut(7)].compactMap { $0 }]
        let ordinalWords = ICUNumberFormat(locale: locale, style: .ordinalWords)?.format(2)
        let ordinalDigits = ICUNumberFormat(locale: locale, style: .ordinalDigits)?.format(3)
        result["ordinal"] = [ordinalDigits, ordinalWords].compactMap { $0 }
        result["currencyAmount"] = currencyExamples(locale: locale, data: data)
        result["dateTime"] = dateExamples(locale: locale, data: data)
        result["duration"] = [("20", data.durationUnits["minute"]), ("2", data.durationUnits["hour"])].compactMap(measure)
        result["distance"] = [("5", data.distanceUnits["mile"]), ("10", data.distanceUnits["kilometer"])].compactMap(measure)
        return result.filter { !$0.value.isEmpty }
    }

    /// "20 minutes": an amount and the unit's plural (or its only word).
    private static func measure(_ pair: (amount: String, words: [String]?)) -> String? {
        guard let words = pair.words, let word = words.count > 1 ? words[1] : words.first else { return nil }
        return "\(pair.amount) \(word)"
    }

    /// "$20", "20 US dollars", "20 dollars" in the locale's own currency.
    private static func currencyExamples(locale: String, data: EntityData) -> [String] {
        guard let code = ICUCurrencies.currency(forLocale: locale) else { return [] }
        var result: [String] = []
        if let symbol = ICUCurrencies.name(code, locale: locale, style: .symbol), symbol != code { result.append(symbol + "20") }
        if let name = ICUCurrencies.name(code, locale: locale, style: .pluralOther) { result.append("20 " + name) }
        if let words = data.currencyWords[code], let word = words.count > 1 ? words[1] : words.first { result.append("20 " + word) }
        return result
    }

    /// "tomorrow", "Monday", "tomorrow at 8 PM" (the longest word for tomorrow: abbreviations
    /// such as "tmrw" are shorter).
    private static func dateExamples(locale: String, data: EntityData) -> [String] {
        let tomorrow = data.relativeDays.filter { $0.value == EntityData.RelativeDay(offset: 1) }.keys
            .sorted { ($0.count, $1) > ($1.count, $0) }.first
        let weekdays = ICUCalendarWords.symbols(locale: locale, kind: .weekdays)
        let meridiems = ICUCalendarWords.symbols(locale: locale, kind: .amPm)
        var result = [tomorrow, weekdays.count > 2 ? weekdays[2] : nil].compactMap { $0 }
        if let tomorrow, let at = data.words(.at).first, meridiems.count > 1 { result.append("\(tomorrow) \(at) 8 \(meridiems[1])") }
        return result
    }
}

/// The words one language's entities need beyond what ICU knows, read from
/// `Grammars/<locale>/entities/*.yaml` (see `EntityDataLoader`).
///
/// ICU already gives number words (spell-out rules), ordinal words and suffixes, currency
/// symbols, ISO codes and names ("US dollars", "euros"), month and weekday names and AM/PM;
/// this holds the rest: slang ("bucks"), multipliers ("5k"), relative days, parts of the day,
/// the small words around dates, and unit words. Phrases are kept as written; parsers
/// tokenize them with the locale's normalizer, so case and accents do not matter.
package struct EntityData: Sendable {
    /// A day counted from today, maybe narrowed to a part of it ("tonight": 0, `tonight`).
    package struct RelativeDay: Sendable, Hashable {
        package var offset: Int
        package var part: String?

        package init(offset: Int, part: String? = nil) {
            self.offset = offset
            self.part = part
        }
    }

    /// A named stretch of a day, in minutes after midnight: [from, to), `to` up to 1440.
    package struct PartOfDay: Sendable, Hashable {
        package var name: String
        package var from: Int
        package var to: Int
        package var words: [String]

        package init(name: String, from: Int, to: Int, words: [String]) {
            self.name = name
            self.from = from
            self.to = to
            self.words = words
        }
    }

    /// The small words date expressions are built with, by role.
    package enum DateWord: String, Sendable, CaseIterable {
        case am, pm, oclock, this, next, at, on, `in`, the, of
        /// Before a part of the day: "at 8 in the evening".
        case inThe = "in_the"
        /// After an offset: "two hours from now".
        case fromNow = "from_now"
        case weekend
        /// After a weekday, as `next` before it: "vendredi prochain", "el viernes que viene".
        case nextAfter = "next_after"
        /// Before or after a weekday: that weekday in the next calendar week ("Freitag nächste
        /// Woche", "下周五").
        case nextWeek = "next_week"
        /// After the number of a day of the month, which it makes one: "22号", "3日".
        case daySuffix = "day_suffix"
    }

    /// How minutes are said beside an hour, besides digits ("8:30") and the fractions of an
    /// hour (`fractions`: "half past", "et quart").
    package struct Clock: Sendable, Hashable {
        /// Hours said in words the numbers lack: Spanish and Italian "una" (the hour is
        /// feminine: "a la una", "all'una"), where the numbers have "uno".
        package var hours: [String: Int] = [:]
        /// Minutes said in words the numbers lack, by their count: Chinese "一刻" → 15.
        package var minutes: [String: Int] = [:]
        /// After the hour (and its o'clock word), words that add or take away the minutes
        /// after them: "huit heures et quart" (8:15), "nueve menos cuarto" (8:45).
        package var afterHourPast: [String] = []
        package var afterHourTo: [String] = []
        /// Between the minutes and the hour: "ten past eight", "Viertel vor neun" (8:45).
        package var beforeHourPast: [String] = []
        package var beforeHourTo: [String] = []
        /// Before an hour, words that move it by a number of minutes: German "halb" → -30
        /// ("halb neun" is 8:30).
        package var shifts: [String: Int] = [:]

        package init() {}
    }

    // MARK: numbers

    /// Words that mean one before a unit: "an hour", "a dollar".
    package var oneWords: [String] = []
    /// Parts of one: "half" → 0.5 ("an hour and a half", "half a mile").
    package var fractions: [String: Double] = [:]
    /// Words multiplying the number before them: "k" → 1000 ("5k"). The language's words for
    /// hundred, thousand, million and billion come from ICU.
    package var multipliers: [String: Double] = [:]
    /// Joins a whole and a part: "ten dollars and fifty cents", "two and a half hours".
    package var andWords: [String] = []
    /// Number words ICU's spell-out rules lack, with their values: Chinese "两" → 2 ("两百"
    /// is read as ICU's spelling of 2 followed by 百), "零" → 0 ("一百零五"), "dozen" → 12.
    package var numberWords: [String: Double] = [:]

    // MARK: currency

    /// Currency words ICU lacks, by ISO 4217 code: "USD" → ["dollars", "bucks"].
    package var currencyWords: [String: [String]] = [:]
    /// A currency's smallest common unit ("cents"), whose size comes from ICU's fraction digits.
    package var subunitWords: [String] = []
    /// Other parts of a unit of currency, by their size: Chinese "毛" → 0.1 ("二十块五毛" is 20.5).
    package var currencyParts: [String: Double] = [:]

    // MARK: dates

    /// "today" → 0, "tomorrow" → 1, "tonight" → 0 narrowed to the part `tonight`.
    package var relativeDays: [String: RelativeDay] = [:]
    /// By name: "evening" → 18:00-21:00, with the words that say it.
    package var partsOfDay: [String: PartOfDay] = [:]
    /// Times with names, in minutes after midnight: "noon" → 720.
    package var namedTimes: [String: Int] = [:]
    package var dateWords: [DateWord: [String]] = [:]
    /// Weekday names ICU lacks, numbered as ISO 8601 does (1 Monday ... 7 Sunday): "礼拜天" → 7.
    package var weekdayWords: [String: Int] = [:]
    package var clock = Clock()

    // MARK: units

    /// By unit (`DurationParser.units`): "hour" → ["hour", "hours", "hr"].
    package var durationUnits: [String: [String]] = [:]
    /// By unit (`DistanceParser.units`): "mile" → ["mile", "miles", "mi"].
    package var distanceUnits: [String: [String]] = [:]

    package init() {}

    package func words(_ role: DateWord) -> [String] { dateWords[role] ?? [] }
}

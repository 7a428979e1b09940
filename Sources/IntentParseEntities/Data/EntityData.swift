/// The words one language's entities need beyond what ICU knows, read from
/// `Grammars/<locale>/entities/*.yaml` (see `EntityDataLoader`).
///
/// ICU already gives number words (spell-out rules), ordinal words and suffixes, currency
/// symbols, ISO codes and names ("US dollars", "euros"), month and weekday names and AM/PM;
/// this holds the rest: slang ("bucks"), multipliers ("5k"), relative days, parts of the day,
/// the small words around dates, and unit words. Phrases are kept as written; parsers
/// tokenize them with the locale's normalizer, so case and accents do not matter.
public struct EntityData: Sendable {
    /// A day counted from today, maybe narrowed to a part of it ("tonight": 0, `tonight`).
    public struct RelativeDay: Sendable, Hashable {
        public var offset: Int
        public var part: String?

        public init(offset: Int, part: String? = nil) {
            self.offset = offset
            self.part = part
        }
    }

    /// A named stretch of a day, in minutes after midnight: [from, to), `to` up to 1440.
    public struct PartOfDay: Sendable, Hashable {
        public var name: String
        public var from: Int
        public var to: Int
        public var words: [String]

        public init(name: String, from: Int, to: Int, words: [String]) {
            self.name = name
            self.from = from
            self.to = to
            self.words = words
        }
    }

    /// The small words date expressions are built with, by role.
    public enum DateWord: String, Sendable, CaseIterable {
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
    public struct Clock: Sendable, Hashable {
        /// Hours said in words the numbers lack: Spanish and Italian "una" (the hour is
        /// feminine: "a la una", "all'una"), where the numbers have "uno".
        public var hours: [String: Int] = [:]
        /// Minutes said in words the numbers lack, by their count: Chinese "一刻" → 15.
        public var minutes: [String: Int] = [:]
        /// After the hour (and its o'clock word), words that add or take away the minutes
        /// after them: "huit heures et quart" (8:15), "nueve menos cuarto" (8:45).
        public var afterHourPast: [String] = []
        public var afterHourTo: [String] = []
        /// Between the minutes and the hour: "ten past eight", "Viertel vor neun" (8:45).
        public var beforeHourPast: [String] = []
        public var beforeHourTo: [String] = []
        /// Before an hour, words that move it by a number of minutes: German "halb" → -30
        /// ("halb neun" is 8:30).
        public var shifts: [String: Int] = [:]

        public init() {}
    }

    // MARK: numbers

    /// Words that mean one before a unit: "an hour", "a dollar".
    public var oneWords: [String] = []
    /// Parts of one: "half" → 0.5 ("an hour and a half", "half a mile").
    public var fractions: [String: Double] = [:]
    /// Words multiplying the number before them: "k" → 1000 ("5k"). The language's words for
    /// hundred, thousand, million and billion come from ICU.
    public var multipliers: [String: Double] = [:]
    /// Joins a whole and a part: "ten dollars and fifty cents", "two and a half hours".
    public var andWords: [String] = []
    /// Number words ICU's spell-out rules lack, with their values: Chinese "两" → 2 ("两百"
    /// is read as ICU's spelling of 2 followed by 百), "零" → 0 ("一百零五"), "dozen" → 12.
    public var numberWords: [String: Double] = [:]

    // MARK: currency

    /// Currency words ICU lacks, by ISO 4217 code: "USD" → ["dollars", "bucks"].
    public var currencyWords: [String: [String]] = [:]
    /// A currency's smallest common unit ("cents"), whose size comes from ICU's fraction digits.
    public var subunitWords: [String] = []
    /// Other parts of a unit of currency, by their size: Chinese "毛" → 0.1 ("二十块五毛" is 20.5).
    public var currencyParts: [String: Double] = [:]

    // MARK: dates

    /// "today" → 0, "tomorrow" → 1, "tonight" → 0 narrowed to the part `tonight`.
    public var relativeDays: [String: RelativeDay] = [:]
    /// By name: "evening" → 18:00-21:00, with the words that say it.
    public var partsOfDay: [String: PartOfDay] = [:]
    /// Times with names, in minutes after midnight: "noon" → 720.
    public var namedTimes: [String: Int] = [:]
    public var dateWords: [DateWord: [String]] = [:]
    /// Weekday names ICU lacks, numbered as ISO 8601 does (1 Monday ... 7 Sunday): "礼拜天" → 7.
    public var weekdayWords: [String: Int] = [:]
    public var clock = Clock()

    // MARK: units

    /// By unit (`DurationParser.units`): "hour" → ["hour", "hours", "hr"].
    public var durationUnits: [String: [String]] = [:]
    /// By unit (`DistanceParser.units`): "mile" → ["mile", "miles", "mi"].
    public var distanceUnits: [String: [String]] = [:]

    public init() {}

    public func words(_ role: DateWord) -> [String] { dateWords[role] ?? [] }
}

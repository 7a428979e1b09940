// `intentparse parse` on any bytes: the shipped grammars and vocabulary, every locale
// (`--locale auto`), the input split into lines as the CLI reads standard input, each line
// parsed and rendered as its JSON line (a line that is not UTF-8 rejected as the CLI does).
import FuzzKit
import IntentParse
import IntentParseMatching

let parser = Fuzzer.prepare { Fuzzer.shippedParser }
let context = MatchContext(entityContext: Fuzzer.entityContext, preferredLocale: "en")

Fuzzer.run("FuzzParse") { bytes in
    for (number, line) in Fuzzer.lines(bytes).enumerated() {
        let result =
            if line.isValid {
                parser.parse(line.text, locale: "auto", context: context)
            } else {
                MatchResult(text: line.text, locale: "auto", tokens: [], interpretations: [], reason: "input line \(number + 1) is not valid UTF-8")
            }
        _ = ResultJSON.line(result)
    }
}

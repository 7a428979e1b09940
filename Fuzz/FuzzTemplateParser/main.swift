// Template syntax (`Grammars/*/*.yaml` sentences, list values, rules): any bytes as a template,
// parsed, and on success expanded as list values and reply words are.
import FuzzKit
import IntentParseGrammar

Fuzzer.run("FuzzTemplateParser") { bytes in
    guard let expression = try? TemplateParser.parse(String(decoding: bytes, as: UTF8.self)) else { return }
    _ = expression.slots
    _ = expression.rules
    _ = expression.dump()
    _ = expression.phrases(rules: [:])
}

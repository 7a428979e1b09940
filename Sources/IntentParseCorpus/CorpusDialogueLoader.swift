import IntentParse
import IntentParseBase
import IntentParseDialogue
import IntentParseEntities
import IntentParseYAML
import Yams

/// Everything a corpus folder holds.
public struct Corpus: Sendable {
    /// Utterance cases, in file order.
    public var cases: [CorpusCase] = []
    /// Scripted conversations, in file order.
    public var dialogues: [DialogueCase] = []

    /// An empty corpus.
    public init() {}
}

/// Dialogue files (`Corpus/<locale>/dialogues/*.yaml`):
///
///     language: en
///     dialogues:
///       - name: short MonkeyChat conversation
///         given_app: MonkeyChat              # optional, like --app
///         turns:
///           - user: send a MonkeyChat message
///             state: needsValue              # every key but user is optional
///             parameter: recipients
///             prompt: Who do you want to message?
///           - user: Bobo
///             state: disambiguation
///             options: [Bobo the Great, Bobo Jr., Little Bobo]
///           - user: yes
///             state: done
///             response: success
///             parameters: {recipients: [{spoken: Bobo, identifier: bobo-the-great}]}
extension CorpusLoader {
    static let dialogueKeys = ["name", "given_app", "tags", "turns"]
    static let turnKeys = ["user", "state", "parameter", "prompt", "options", "response", "intent", "parameters"]

    func parseDialogue(_ reader: inout YAMLReader, _ node: Node, locale: String, now: EntityContext?) -> DialogueCase? {
        guard let pairs = reader.mapping(node, "a dialogue") else { return nil }
        reader.checkKeys(pairs, allowed: CorpusLoader.dialogueKeys, in: "a dialogue")
        func value(_ key: String) -> Node? { pairs.first { $0.key == key }?.value }
        guard let turnsNode = value("turns"), let items = reader.sequence(turnsNode, "turns"), !items.isEmpty else {
            reader.error(node, "a dialogue needs 'turns' (a list of user lines and expected system turns)")
            return nil
        }
        let name = value("name").flatMap { reader.string($0, "name") } ?? "dialogue at line \(node.mark?.line ?? 0)"
        return DialogueCase(
            file: reader.file, line: node.mark?.line ?? 0, name: name, locale: locale,
            givenApp: value("given_app").flatMap { reader.string($0, "given_app") }, now: now,
            tags: value("tags").map { reader.strings($0, "tags").map(\.0) } ?? [],
            turns: items.compactMap { parseTurn(&reader, $0) })
    }

    private func parseTurn(_ reader: inout YAMLReader, _ node: Node) -> DialogueCase.Turn? {
        guard let pairs = reader.mapping(node, "a turn") else { return nil }
        reader.checkKeys(pairs, allowed: CorpusLoader.turnKeys, in: "a turn")
        func value(_ key: String) -> Node? { pairs.first { $0.key == key }?.value }
        guard let userNode = value("user"), let user = userNode.scalar?.string else {
            reader.error(node, "a turn needs 'user' (what the user types; \"\" for an empty line)")
            return nil
        }
        var state: DialogueTurn.State?
        if let stateNode = value("state"), let text = reader.string(stateNode, "state") {
            state = DialogueTurn.State(rawValue: text)
            if state == nil {
                reader.error(stateNode, "unknown state '\(text)'" + Suggestions.didYouMean(text, in: DialogueTurn.State.allCases.map(\.rawValue)))
            }
        }
        var parameter: String??
        if let parameterNode = value("parameter") {
            parameter = isNull(parameterNode) ? .some(nil) : .some(reader.string(parameterNode, "parameter"))
        }
        return DialogueCase.Turn(
            line: node.mark?.line ?? 0, user: user, state: state, parameter: parameter,
            prompt: value("prompt").flatMap { reader.string($0, "prompt") },
            options: value("options").map { reader.strings($0, "options").map(\.0) },
            response: value("response").flatMap { reader.string($0, "response") },
            intent: value("intent").flatMap { intentName(&reader, $0) },
            parameters: value("parameters").map { parseParameters(&reader, $0) } ?? [])
    }
}

import Foundation
import IntentParseTestSupport
import Testing

/// `intentparse test --hassil DIR` on a small checkout of Home Assistant's layout written here:
/// failures, one line per language, totals, and the pass-rate ratchet.
@Suite struct CLIHassilConformanceTests {
    private func checkout() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("intentparse-hassil-checkout")
        try folder.write(
            """
            language: en
            expansion_rules:
              name: "[the] {name}"
            """, to: "sentences/en/_common.yaml")
        try folder.write(
            """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on <name>", "switch on <name>"]
                    requires_context: {domain: light}
                  - sentences: ["turn on [the] lights in here"]
                    requires_context: {area: {slot: true}}
                    slots: {domain: light}
            """, to: "sentences/en/light_HassTurnOn.yaml")
        try folder.write(
            """
            language: en
            areas: [{name: Kitchen, id: kitchen}]
            entities: [{name: Ceiling Light, id: light.ceiling}, {name: Fan, id: fan.fan}]
            """, to: "tests/en/_fixtures.yaml")
        try folder.write(
            """
            language: en
            tests:
              - sentences: [turn on the ceiling light, switch on ceiling light]
                intent: {name: HassTurnOn, slots: {name: Ceiling Light}}
              - sentences: [turn on the lights in here]
                intent: {name: HassTurnOn, slots: {area: Kitchen, domain: light}, context: {area: Kitchen}}
              - sentences: [turn on the fan]
                intent: {name: HassTurnOn, slots: {name: Fan}}
            """, to: "tests/en/light_HassTurnOn.yaml")
        return folder
    }

    @Test func runsEveryTestAndReportsFailuresAndRates() throws {
        let folder = try checkout()
        defer { folder.remove() }
        let output = try CLI.run(["test", "--hassil", folder.url.path])
        #expect(output.status == 0)
        #expect(output.stdout.contains("light_HassTurnOn.yaml:7:17: FAIL \"turn on the fan\""))
        #expect(output.stdout.contains("en: 3 passed, 1 failed (75.0 %)"))
        #expect(output.stdout.hasSuffix("3 passed, 1 failed\n"))
    }

    @Test func aLanguageBelowItsRecordFailsTheRun() throws {
        let folder = try checkout()
        defer { folder.remove() }
        let rates = try folder.write("en: 80\n", to: "rates.yaml")
        let below = try CLI.run(["test", "--hassil", folder.url.path, "--pass-rates", rates.path])
        #expect(below.status == 1)
        #expect(below.stderr.contains("below the recorded pass rate: en"))
        try folder.write("en: 75\n", to: "rates.yaml")
        #expect(try CLI.run(["test", "--hassil", folder.url.path, "--pass-rates", rates.path]).status == 0)
        try folder.write("en: many\n", to: "rates.yaml")
        let bad = try CLI.run(["test", "--hassil", folder.url.path, "--pass-rates", rates.path])
        #expect(bad.status == 2 && bad.stderr.contains("rates.yaml:1:5: error: a pass rate is a number of percent"))
    }

    /// An intent no schema names is accepted; `check --strict` says so, where it is first used.
    @Test func strictCheckWarnsOfIntentsWithoutASchema() throws {
        let folder = try checkout()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("apps"), withIntermediateDirectories: true)
        let arguments = [
            "check", "--grammars", folder.url.appendingPathComponent("sentences").path, "--vocabulary",
            folder.url.appendingPathComponent("apps").path,
            "--lists", folder.url.appendingPathComponent("tests/en/_fixtures.yaml").path
        ]
        let strict = try CLI.run(arguments + ["--strict"])
        #expect(strict.stderr.contains("light_HassTurnOn.yaml:5:21: warning: no schema names intent 'HassTurnOn'"), "\(strict.stderr)")
        #expect(!(try CLI.run(arguments)).stderr.contains("no schema names"))
    }

    @Test func aFolderWithoutTheLayoutIsAUsageError() throws {
        let folder = try TemporaryFolder("intentparse-hassil-empty")
        defer { folder.remove() }
        let output = try CLI.run(["test", "--hassil", folder.url.path])
        #expect(output.status == 2 && output.stderr.contains("no language has both sentences/<lang>/ and tests/<lang>/"))
    }
}

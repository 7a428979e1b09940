import Foundation
import IntentParseTestSupport
import Testing

/// The README's set-up can be followed by a newcomer, and what it lists is what ships.
@Suite struct ReadmeTests {
    private let readme: String = (try? String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// Examples call `intentparse` bare: from the set-up on, the README says how to put the
    /// build folder on PATH before the first one (the opening example points there).
    @Test func theBinaryIsPutOnThePathBeforeTheFirstBareCall() throws {
        let all = readme.components(separatedBy: "\n")
        let setUp = try #require(all.firstIndex { $0.hasPrefix("## Set up") })
        #expect(all[..<setUp].contains { $0.contains("puts it on your `PATH`") })
        let lines = Array(all[setUp...])
        let bare = try #require(
            lines.firstIndex { line in
                let code = line.hasPrefix("    ") ? line.drop { $0 == " " } : ""
                return code.hasPrefix("intentparse ") || code.hasPrefix("$ intentparse") || code.contains("| intentparse")
            })
        let path = try #require(lines.firstIndex { $0.contains("export PATH=") && $0.contains("--show-bin-path") })
        #expect(path < bare, "line \(setUp + path + 1) puts intentparse on PATH; the first bare call is line \(setUp + bare + 1)")
    }

    /// `--locale a|b|…|auto` names exactly the shipped grammar folders.
    @Test func theLocaleOptionListsTheShippedLanguages() throws {
        let match = try #require(readme.firstMatch(of: /--locale ([a-z|-]+)\|auto/))
        let listed = Set(match.1.split(separator: "|").map(String.init))
        let folders = try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Grammars").path)
            .filter { !$0.hasPrefix(".") }
        #expect(listed == Set(folders))
        for locale in listed {
            let output = try CLI.run(["--locale", locale, ""])
            #expect(output.status == 0, "--locale \(locale): \(output.stderr)")
        }
    }
}

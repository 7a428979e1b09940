// swift-tools-version:6.0
import Foundation
import PackageDescription

/// intentparse: one module per pipeline stage, dependencies pointing one way
/// (Base ← Normalization ← Schema/Vocabulary/Grammar ← Entities ← Matching ← facade ← Corpus ← CLI;
/// Entities reads its per-language data files with the grammar module's YAML reader).
let package = Package(
    name: "intentparse",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "IntentParse", targets: ["IntentParse"]),
        .executable(name: "intentparse", targets: ["intentparse"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    ],
    targets: [
        .target(
            name: "CIntentParseICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        .target(name: "IntentParseBase"),
        .target(name: "IntentParseNormalization", dependencies: ["CIntentParseICU", "IntentParseBase"]),
        .target(name: "IntentParseSchema", dependencies: ["IntentParseBase"]),
        .target(name: "IntentParseVocabulary",
                dependencies: ["IntentParseBase", "IntentParseNormalization", "IntentParseSchema"]),
        .target(name: "IntentParseGrammar",
                dependencies: ["IntentParseBase", "IntentParseNormalization", "IntentParseSchema", "Yams"]),
        .target(name: "IntentParseEntities",
                dependencies: ["CIntentParseICU", "IntentParseBase", "IntentParseNormalization", "IntentParseGrammar", "Yams"]),
        .target(name: "IntentParseMatching",
                dependencies: ["IntentParseGrammar", "IntentParseVocabulary", "IntentParseEntities"]),
        .target(name: "IntentParseDialogue",
                dependencies: ["IntentParseGrammar", "IntentParseVocabulary", "Yams"]),
        .target(name: "IntentParse", dependencies: ["IntentParseMatching", "IntentParseDialogue"]),
        .target(name: "IntentParseCorpus", dependencies: ["IntentParse", "Yams"]),
        .executableTarget(
            name: "intentparse",
            dependencies: ["IntentParse", "IntentParseCorpus",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "IntentParseBenchmarks",
            dependencies: ["IntentParse", .product(name: "Benchmark", package: "swift-benchmark")],
            path: "Benchmarks/IntentParseBenchmarks"
        ),
        .testTarget(name: "IntentParseNormalizationTests", dependencies: ["IntentParseNormalization"]),
        .testTarget(name: "IntentParseVocabularyTests", dependencies: ["IntentParseVocabulary"]),
        .testTarget(name: "IntentParseGrammarTests", dependencies: ["IntentParseGrammar"]),
        .testTarget(name: "IntentParseEntitiesTests", dependencies: ["IntentParseEntities"]),
        .testTarget(name: "IntentParseMatchingTests", dependencies: ["IntentParse"]),
        .testTarget(name: "IntentParseDialogueTests", dependencies: ["IntentParse"]),
        .testTarget(name: "IntentParseCorpusTests", dependencies: ["IntentParseCorpus"]),
        .testTarget(name: "intentparseCLITests", dependencies: ["intentparse"]),
    ]
)

/// libFuzzer harnesses (`Fuzz/<Harness>/`, README "Fuzzing"): only when INTENTPARSE_FUZZ is set,
/// as `Fuzz/run` builds them with `-sanitize=fuzzer,address`; `swift build` and `swift test`
/// never see them.
let fuzzHarnesses: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzTemplateParser", ["IntentParseGrammar"]),
    ("FuzzGrammarFile", ["IntentParse"]),
    ("FuzzPlists", ["IntentParse"]),
    ("FuzzIntentDefinition", ["IntentParse"]),
    ("FuzzCorpusFile", ["IntentParse", "IntentParseCorpus"]),
    ("FuzzSessionFile", ["IntentParse"]),
    ("FuzzParse", ["IntentParse"]),
    ("FuzzDialog", ["IntentParse"]),
]
if ProcessInfo.processInfo.environment["INTENTPARSE_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .target(name: "FuzzKit", dependencies: ["FuzzDriver", "IntentParse"], path: "Fuzz/FuzzKit"),
    ]
    package.targets += fuzzHarnesses.map { harness in
        .executableTarget(name: harness.name, dependencies: ["FuzzKit"] + harness.dependencies, path: "Fuzz/\(harness.name)")
    }
}

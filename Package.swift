// swift-tools-version:6.0
import Foundation
import PackageDescription

/// intentparse: one module per pipeline stage, dependencies pointing one way
/// (Base ← Normalization ← Schema/Vocabulary/Grammar ← Entities ← Matching ← facade ← Corpus ← Bench ← CLI).
/// YAML is a small shared module beside Base (Yams, read into nodes that keep their line and
/// column): every stage that reads YAML files (Schema, Grammar, Entities, Dialogue, Corpus) uses it.
/// The schema (domains, intents, parameters, their rules) is data: Schema's SiriKit.yaml.
/// Each target lists every module it imports. The stages' declarations are `package`: the
/// library's public surface is what `IntentParse` re-exports (PublicAPI.swift) and the corpus
/// runner, `IntentParseCorpus`. Normalization alone stays public (not re-exported), so that its
/// per-token accessors are inlined across modules (README, Library).
let package = Package(
    name: "intentparse",
    platforms: [.macOS(.v14)],
    products: [
        // The library: `import IntentParse` (the parser, its results, the dialogue engine) and
        // `import IntentParseCorpus` (the regression runner). Everything else is `package`.
        .library(name: "IntentParse", targets: ["IntentParse", "IntentParseCorpus"]),
        .executable(name: "intentparse", targets: ["intentparse"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6")
    ],
    targets: [
        .target(
            name: "CIntentParseICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        .target(name: "IntentParseBase"),
        .target(name: "IntentParseYAML", dependencies: ["IntentParseBase", "Yams"]),
        .target(name: "IntentParseNormalization", dependencies: ["CIntentParseICU", "IntentParseBase"]),
        // SiriKit.yaml is compiled into the module (`PackageResources.SiriKit_yaml`): no
        // resource bundle to ship beside the binary, nothing looked up at run time.
        .target(
            name: "IntentParseSchema", dependencies: ["IntentParseBase", "IntentParseYAML", "Yams"],
            resources: [.embedInCode("SiriKit.yaml")]),
        .target(
            name: "IntentParseVocabulary",
            dependencies: ["IntentParseBase", "IntentParseNormalization", "IntentParseSchema"]),
        .target(
            name: "IntentParseGrammar",
            dependencies: ["IntentParseBase", "IntentParseNormalization", "IntentParseSchema", "IntentParseYAML", "Yams"]),
        .target(
            name: "IntentParseEntities",
            dependencies: ["CIntentParseICU", "IntentParseBase", "IntentParseNormalization", "IntentParseYAML", "Yams"]),
        .target(
            name: "IntentParseMatching",
            dependencies: ["IntentParseGrammar", "IntentParseVocabulary", "IntentParseEntities"]),
        .target(
            name: "IntentParseDialogue",
            dependencies: ["IntentParseGrammar", "IntentParseVocabulary", "IntentParseYAML", "Yams"]),
        .target(
            name: "IntentParse",
            dependencies: [
                "IntentParseBase", "IntentParseYAML", "IntentParseNormalization", "IntentParseSchema",
                "IntentParseVocabulary", "IntentParseGrammar", "IntentParseEntities",
                "IntentParseMatching", "IntentParseDialogue"
            ]),
        .target(
            name: "IntentParseCorpus",
            dependencies: [
                "IntentParse", "IntentParseBase", "IntentParseYAML", "IntentParseEntities",
                "IntentParseMatching", "IntentParseDialogue", "Yams"
            ]),
        .target(
            name: "IntentParseBench",
            dependencies: [
                "IntentParse", "IntentParseCorpus", "IntentParseBase", "IntentParseVocabulary",
                "IntentParseGrammar", "IntentParseMatching"
            ]),
        // `intentparse serve`: the parser and the dialogue over HTTP (Hummingbird), its metrics in
        // Prometheus's text format, its OpenAPI description compiled in.
        .target(
            name: "IntentParseService",
            dependencies: [
                "IntentParse", "IntentParseBase", "IntentParseDialogue", "IntentParseEntities", "IntentParseMatching", "IntentParseNormalization",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ],
            resources: [.embedInCode("openapi.yaml"), .embedInCode("playground.html")]),
        .executableTarget(
            name: "intentparse",
            dependencies: [
                "IntentParse", "IntentParseCorpus", "IntentParseBench", "IntentParseBase", "IntentParseService",
                "IntentParseNormalization", "IntentParseVocabulary", "IntentParseEntities",
                "IntentParseMatching", "IntentParseDialogue",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .executableTarget(
            name: "IntentParseBenchmarks",
            dependencies: [
                "IntentParse", "IntentParseNormalization", "IntentParseSchema", "IntentParseDialogue",
                .product(name: "Benchmark", package: "swift-benchmark")
            ],
            path: "Benchmarks/IntentParseBenchmarks"
        ),
        .target(
            name: "IntentParseTestSupport", dependencies: ["IntentParse", "IntentParseBase", "IntentParseMatching"],
            path: "Tests/IntentParseTestSupport"),
        .testTarget(name: "IntentParseNormalizationTests", dependencies: ["IntentParseBase", "IntentParseNormalization"]),
        .testTarget(name: "IntentParseSchemaTests", dependencies: ["IntentParseTestSupport", "IntentParseBase", "IntentParseSchema"]),
        .testTarget(
            name: "IntentParseVocabularyTests",
            dependencies: ["IntentParseTestSupport", "IntentParseBase", "IntentParseSchema", "IntentParseVocabulary"]),
        .testTarget(
            name: "IntentParseGrammarTests", dependencies: ["IntentParseTestSupport", "IntentParseBase", "IntentParseSchema", "IntentParseGrammar"]),
        .testTarget(
            name: "IntentParseEntitiesTests",
            dependencies: ["IntentParseTestSupport", "IntentParseBase", "IntentParseNormalization", "IntentParseEntities"]),
        .testTarget(
            name: "IntentParseMatchingTests",
            dependencies: [
                "IntentParseTestSupport", "IntentParse", "IntentParseBase", "IntentParseNormalization", "IntentParseVocabulary", "IntentParseGrammar",
                "IntentParseEntities", "IntentParseMatching"
            ]),
        .testTarget(
            name: "IntentParseDialogueTests",
            dependencies: [
                "IntentParseTestSupport", "IntentParse", "IntentParseBase", "IntentParseSchema", "IntentParseVocabulary", "IntentParseEntities",
                "IntentParseMatching", "IntentParseDialogue", "IntentParseGrammar"
            ]),
        .testTarget(
            name: "IntentParseCorpusTests",
            dependencies: ["IntentParseTestSupport", "IntentParse", "IntentParseCorpus", "IntentParseBase", "IntentParseMatching"]),
        .testTarget(
            name: "IntentParseServiceTests",
            dependencies: [
                "IntentParseTestSupport", "IntentParse", "IntentParseBase", "IntentParseService", "Yams",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio")
            ]),
        .testTarget(
            name: "intentparseCLITests",
            dependencies: [
                "IntentParseTestSupport", "intentparse", "IntentParseBench", "IntentParse", "IntentParseBase", "IntentParseSchema",
                "IntentParseEntities", "IntentParseMatching"
            ])
    ]
)

/// libFuzzer harnesses (`Fuzz/<Harness>/`, README "Fuzzing"): only when INTENTPARSE_FUZZ is set,
/// as `Fuzz/run` builds them with `-sanitize=fuzzer,address`; `swift build` and `swift test`
/// never see them.
let fuzzHarnesses: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzTemplateParser", ["IntentParseGrammar"]),
    (
        "FuzzGrammarFile",
        ["IntentParse", "IntentParseBase", "IntentParseVocabulary", "IntentParseGrammar", "IntentParseEntities", "IntentParseMatching"]
    ),
    ("FuzzPlists", ["IntentParse"]),
    ("FuzzIntentDefinition", ["IntentParse"]),
    ("FuzzCorpusFile", ["IntentParse", "IntentParseCorpus", "IntentParseVocabulary"]),
    ("FuzzSessionFile", ["IntentParse", "IntentParseDialogue"]),
    ("FuzzParse", ["IntentParse", "IntentParseMatching"]),
    ("FuzzDialog", ["IntentParse", "IntentParseDialogue"]),
    ("FuzzCacheFile", ["IntentParse", "IntentParseBase", "IntentParseGrammar", "IntentParseEntities", "IntentParseMatching", "IntentParseDialogue"])
]
if ProcessInfo.processInfo.environment["INTENTPARSE_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .target(
            name: "FuzzKit",
            dependencies: ["FuzzDriver", "IntentParse", "IntentParseBase", "IntentParseSchema", "IntentParseVocabulary", "IntentParseEntities"],
            path: "Fuzz/FuzzKit")
    ]
    package.targets += fuzzHarnesses.map { harness in
        .executableTarget(name: harness.name, dependencies: ["FuzzKit"] + harness.dependencies, path: "Fuzz/\(harness.name)")
    }
}

// The library's public surface: the parser (this module), the results it returns and how they
// are rendered, and the dialogue engine with its handler protocol. Every other declaration of the
// package's modules is `package`: the CLI, the tests and the benchmarks see it, users do not
// (but for IntentParseNormalization, public so that its token accessors inline across modules).
@_exported import struct IntentParseBase.Diagnostic
@_exported import struct IntentParseBase.DiagnosticError
@_exported import enum IntentParseBase.JSONValue
@_exported import struct IntentParseBase.SourceLocation
@_exported import struct IntentParseDialogue.DialogueConfiguration
@_exported import struct IntentParseDialogue.DialogueEngine
@_exported import struct IntentParseDialogue.DialogueRequest
@_exported import struct IntentParseDialogue.DialogueSession
@_exported import struct IntentParseDialogue.DialogueTurn
@_exported import protocol IntentParseDialogue.IntentHandler
@_exported import struct IntentParseDialogue.IntentResponse
@_exported import struct IntentParseDialogue.ParameterSlot
@_exported import enum IntentParseDialogue.ResolutionResult
@_exported import struct IntentParseDialogue.ResponseCode
@_exported import struct IntentParseDialogue.VocabularyBackedHandler
@_exported import struct IntentParseEntities.EntityContext
@_exported import enum IntentParseMatching.AppSource
@_exported import struct IntentParseMatching.Interpretation
@_exported import struct IntentParseMatching.MatchContext
@_exported import struct IntentParseMatching.MatchResult
@_exported import struct IntentParseSchema.Domain
@_exported import enum IntentParseSchema.ParameterValue
@_exported import struct IntentParseSchema.SlotValue
@_exported import struct IntentParseVocabulary.AlternativeAppName
@_exported import struct IntentParseVocabulary.AppVocabulary
@_exported import struct IntentParseVocabulary.SkippedApp

import Foundation
import IntentParseBase
import IntentParseSchema
import Testing

@testable import IntentParseSchema

/// The embedded SiriKit.yaml says what the Swift tables it replaced said, and schema files with
/// mistakes get diagnostics at their line and column.
@Suite struct SiriKitSchemaTests {
    @Test func theEmbeddedFileLoads() throws {
        let schema = try Schema.siriKit()
        #expect(schema.intents.count == 31)
        #expect(
            schema.domains.keys.map(\.rawValue).sorted() == [
                "calling", "custom", "listsAndNotes", "media", "messaging", "payments", "photos", "reservations",
                "restaurantReservations", "rideBooking", "visualCodes", "workouts"
            ])
        #expect(schema.vocabularyTypes.count == 16 && schema.vocabularyTypes.first == "contactName")
    }

    @Test func sendMessageInDetail() throws {
        let intent = try #require(try Schema.siriKit()["INSendMessageIntent"])
        #expect(
            intent
                == IntentSchema(
                    "INSendMessageIntent", "messaging",
                    [
                        ParameterSchema(
                            "recipients", .person, multiple: true, required: true, vocabulary: "contactName", unlessGiven: ["speakableGroupName"]),
                        ParameterSchema("content", .string, required: true),
                        ParameterSchema("speakableGroupName", .speakableString, vocabulary: "contactGroupName")
                    ], asksForConfirmation: true))
    }

    @Test func paymentsNeedAnUnlockedDevice() throws {
        let schema = try Schema.siriKit()
        let intent = try #require(schema["INTransferMoneyIntent"])
        #expect(
            intent
                == IntentSchema(
                    "INTransferMoneyIntent", "payments",
                    [
                        ParameterSchema("fromAccount", .speakableString, vocabulary: "paymentsAccountNickname"),
                        ParameterSchema("toAccount", .speakableString, required: true, vocabulary: "paymentsAccountNickname"),
                        ParameterSchema("transactionAmount", .currencyAmount, required: true),
                        ParameterSchema("transactionNote", .string)
                    ], requiresUnlockedDevice: true, asksForConfirmation: true))
        let locked = schema.intents.values.filter(\.requiresUnlockedDevice).map(\.name).sorted()
        #expect(
            locked == [
                "INCancelRideIntent", "INGetRideStatusIntent", "INPayBillIntent", "INRequestPaymentIntent", "INRequestRideIntent",
                "INSearchForAccountsIntent", "INSendPaymentIntent", "INSendRideFeedbackIntent", "INTransferMoneyIntent"
            ])
        #expect(
            schema.intentsAskingForConfirmation == [
                "INSendMessageIntent", "INRequestRideIntent", "INSendPaymentIntent",
                "INRequestPaymentIntent", "INTransferMoneyIntent", "INPayBillIntent"
            ])
    }

    @Test func namedEnumerationsAndSharedParameters() throws {
        let schema = try Schema.siriKit()
        #expect(schema.enumerations["taskStatus"] == ["completed", "notCompleted"])
        #expect(schema["INSetTaskAttributeIntent"]?.parameter("status")?.type == .enumeration(["completed", "notCompleted"]))
        #expect(schema["INSearchForNotebookItemsIntent"]?.parameter("status")?.type == .enumeration(["completed", "notCompleted"]))
        #expect(
            schema["INStartCallIntent"]?.parameter("destinationType")?.type
                == .enumeration(["normal", "emergency", "voicemail", "redial", "callBack"]))
        #expect(schema["INStartCallIntent"]?.parameter("contacts")?.unlessGiven == ["destinationType"])
        let search = try #require(schema["INSearchForPhotosIntent"]), playback = try #require(schema["INStartPhotoPlaybackIntent"])
        #expect(
            search.parameters == playback.parameters
                && search.parameters.map(\.name) == [
                    "albumName", "searchTerms", "locationCreated", "peopleInPhoto", "includedAttributes", "dateCreated"
                ])
        #expect(
            schema["INAddTasksIntent"]?.parameters.map(\.name) == [
                "targetTaskList", "taskTitles", "priority", "temporalEventTrigger", "spatialEventTrigger"
            ])
        #expect(schema["INGetRideStatusIntent"]?.parameters == [])
        #expect(schema.rules(of: .custom) == DomainSchema(.custom))
    }
}

@Suite struct SchemaFileTests {
    /// The errors of `text` read as a file named "schema.yaml" onto SiriKit's schema.
    private func errors(_ text: String) throws -> [Diagnostic] {
        do {
            _ = try Schema.siriKit().adding(text: text, file: "schema.yaml")
            return []
        } catch let error as DiagnosticError {
            return error.errors
        }
    }

    private func located(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.message)" }
    }

    @Test func aFileAddsADomainAndAnIntent() throws {
        let schema = try Schema.siriKit().adding(
            text: """
                enumerations:
                  wishPriority: [low, high]
                domains:
                  shopping:
                    asksForConfirmation: true
                    intents:
                      INAddToWishlistIntent:
                        requiresUnlockedDevice: true
                        parameters:
                          items: {type: speakableString, multiple: true, required: true}
                          priority: {type: enumeration, values: wishPriority}
                          status: {type: enumeration, values: taskStatus}
                  payments:
                    intents:
                      INCheckBalanceIntent:
                        parameters:
                          account: {type: speakableString, vocabulary: paymentsAccountNickname}
                """, file: "schema.yaml")
        #expect(
            schema["INAddToWishlistIntent"]
                == IntentSchema(
                    "INAddToWishlistIntent", "shopping",
                    [
                        ParameterSchema("items", .speakableString, multiple: true, required: true),
                        ParameterSchema("priority", .enumeration(["low", "high"])),
                        ParameterSchema("status", .enumeration(["completed", "notCompleted"]))
                    ], requiresUnlockedDevice: true, asksForConfirmation: true))
        // An intent added to a shipped domain takes that domain's rules.
        #expect(schema["INCheckBalanceIntent"]?.requiresUnlockedDevice == true)
        #expect(schema["INCheckBalanceIntent"]?.asksForConfirmation == false)
        #expect(schema["INSendMessageIntent"] == (try Schema.siriKit()["INSendMessageIntent"]))
        #expect(schema.intents.count == 33)
    }

    @Test func aBadTypeName() throws {
        let errors = try errors(
            """
            domains:
              shopping:
                intents:
                  INAddToWishlistIntent:
                    parameters:
                      items: {type: speakablestring, multiple: true}
            """)
        #expect(located(errors).count == 1)
        #expect(
            located(errors).first?.hasPrefix("6:25: unknown type 'speakablestring' (did you mean 'speakableString'?); known: ") == true,
            "\(located(errors))")
        #expect(errors.first?.location.file == "schema.yaml")
        #expect(errors.first?.sourceLine == "          items: {type: speakablestring, multiple: true}")
    }

    @Test func missingAndUnknownKeys() throws {
        let errors = try errors(
            """
            domains:
              shopping:
                intens: {}
                intents:
                  INAddToWishlistIntent:
                    parameters:
                      items: {multiple: true}
                      color: {type: enumeration}
                      size: {type: integer, values: [s, m]}
                      when: {type: dateTime, required: yes}
            """)
        #expect(
            located(errors) == [
                "3:5: unknown key 'intens' in domain 'shopping' (did you mean 'intents'?)",
                "7:18: parameter INAddToWishlistIntent.items has no 'type'",
                "8:25: parameter INAddToWishlistIntent.color is an enumeration: give its 'values', a list or the name of one of the file's enumerations",
                "9:41: parameter INAddToWishlistIntent.size is no enumeration: only an enumeration takes 'values'",
                "10:44: 'required' must be true or false"
            ])
    }

    @Test func anIntentDeclaredTwice() throws {
        let errors = try errors(
            """
            domains:
              messaging:
                intents:
                  INSendMessageIntent: {}
              shopping:
                intents:
                  INAddToWishlistIntent: {}
              gifts:
                intents:
                  INAddToWishlistIntent: {}
            """)
        #expect(
            located(errors) == [
                "4:7: intent 'INSendMessageIntent' is already in the schema (domain 'messaging'); a schema file adds new intents only",
                "10:7: intent 'INAddToWishlistIntent' is already declared at schema.yaml:7:7"
            ])
    }

    @Test func namesTheFileDoesNotKnow() throws {
        let errors = try errors(
            """
            domains:
              payments:
                requiresUnlockedDevice: false
                intents:
                  INCheckBalanceIntent:
                    parameters:
                      account: {type: speakableString, vocabulary: paymentsAccountNick}
                      kind: {type: enumeration, values: acountType}
                      app: {type: string}
                      owner: {type: person, unlessGiven: [account]}
                      holder: {type: person, required: true, unlessGiven: [acount]}
              "my domain": {}
            """)
        #expect(
            located(errors) == [
                "3:5: domain 'payments' is already declared, with its rules; set 'requiresUnlockedDevice' on the intents this file adds",
                "7:56: unknown vocabulary type 'paymentsAccountNick' (did you mean 'paymentsAccountNickname'?)",
                "8:45: unknown enumeration 'acountType'",
                "9:11: 'app' is no parameter name: results list an unknown app as the missing 'app'",
                "10:46: unlessGiven: parameter INCheckBalanceIntent.owner is not required, so nothing excuses it",
                "11:64: unlessGiven: INCheckBalanceIntent has no other parameter 'acount' (did you mean 'account'?)",
                "12:3: a domain name must be letters, digits and _ (not 'my domain')"
            ])
    }

    @Test func notAMappingOrNotYAML() throws {
        #expect(located(try errors("- a\n- b\n")) == ["1:1: a schema file must be a mapping (key: value)"])
        #expect(located(try errors("domains: [a, b]\n")) == ["1:10: domains must be a mapping (key: value)"])
        #expect(try errors("domains:\n  a: {b: [\n").first?.message.hasPrefix("not valid YAML") == true)
        #expect(
            located(try errors("enumerations:\n  sizes: []\n  colors: [red, red]\n")) == [
                "2:10: enumeration 'sizes' has no values",
                "3:17: enumeration 'colors' has the value 'red' twice"
            ])
    }
}

extension Schema {
    /// THROWAWAY: the old Swift tables with the old rules, to compare SiriKit.yaml with.
    public static let swiftTables: [IntentSchema] = (messagingIntents + listsAndNotesIntents + callingIntents + rideBookingIntents
        + workoutIntents + photoIntents + paymentIntents + otherIntents).map { intent in
        var intent = intent
        intent.requiresUnlockedDevice = intent.domain == "payments" || intent.domain == "rideBooking"
        intent.asksForConfirmation = ["INSendMessageIntent", "INRequestRideIntent", "INSendPaymentIntent", "INRequestPaymentIntent",
                                      "INTransferMoneyIntent", "INPayBillIntent"].contains(intent.name)
        return intent
    }
    public static let swiftVocabularyTypes: [String] = [
        "contactName", "contactGroupName", "photoTag", "photoAlbumName", "workoutActivityName",
        "carProfileName", "carName", "paymentsOrganizationName", "paymentsAccountNickname",
        "notebookItemTitle", "notebookItemGroupName", "mediaPlaylistTitle", "mediaMusicArtistName",
        "mediaAudiobookTitle", "mediaAudiobookAuthorName", "mediaShowTitle",
    ]
    public static let swiftDomains: [String] = ["messaging", "calling", "rideBooking", "workouts", "photos", "payments", "listsAndNotes", "visualCodes",
        "reservations", "restaurantReservations", "media", "custom"]

    static let messageAttributes: ValueType = .enumeration(["read", "unread", "flagged", "unflagged", "played"])
    static let taskStatus: ValueType = .enumeration(["completed", "notCompleted"])
    static let taskPriority: ValueType = .enumeration(["flagged", "notFlagged"])

    static let messagingIntents: [IntentSchema] = [
        IntentSchema("INSendMessageIntent", "messaging", [
            ParameterSchema("recipients", .person, multiple: true, required: true, vocabulary: "contactName", unlessGiven: ["speakableGroupName"]),
            ParameterSchema("content", .string, required: true),
            ParameterSchema("speakableGroupName", .speakableString, vocabulary: "contactGroupName"),
        ]),
        IntentSchema("INSetMessageAttributeIntent", "messaging", [
            ParameterSchema("attribute", messageAttributes, required: true),
        ]),
        IntentSchema("INSearchForMessagesIntent", "messaging", [
            ParameterSchema("senders", .person, multiple: true, vocabulary: "contactName"),
            ParameterSchema("recipients", .person, multiple: true, vocabulary: "contactName"),
            ParameterSchema("searchTerms", .string, multiple: true),
            ParameterSchema("attributes", messageAttributes),
            ParameterSchema("speakableGroupNames", .speakableString, multiple: true, vocabulary: "contactGroupName"),
        ]),
    ]

    /// When a task is due: a time ("at 8:00"), or arriving at or leaving a place ("when I get
    /// home": `{"event":"arrive","place":"home"}`).
    static let reminderTriggers = [
        ParameterSchema("temporalEventTrigger", .dateTime),
        ParameterSchema("spatialEventTrigger", .location),
    ]

    static let listsAndNotesIntents: [IntentSchema] = [
        IntentSchema("INCreateTaskListIntent", "listsAndNotes", [
            ParameterSchema("title", .speakableString, required: true),
            ParameterSchema("taskTitles", .speakableString, multiple: true),
            ParameterSchema("groupName", .speakableString, vocabulary: "notebookItemGroupName"),
        ] + reminderTriggers),
        IntentSchema("INAddTasksIntent", "listsAndNotes", [
            ParameterSchema("targetTaskList", .taskList, vocabulary: "notebookItemTitle"),
            ParameterSchema("taskTitles", .speakableString, multiple: true, required: true),
            ParameterSchema("priority", taskPriority),
        ] + reminderTriggers),
        IntentSchema("INSetTaskAttributeIntent", "listsAndNotes", [
            ParameterSchema("targetTask", .task, required: true, vocabulary: "notebookItemTitle"),
            ParameterSchema("taskTitle", .speakableString),
            ParameterSchema("status", taskStatus),
            ParameterSchema("priority", taskPriority),
        ] + reminderTriggers),
        IntentSchema("INCreateNoteIntent", "listsAndNotes", [
            ParameterSchema("title", .speakableString, required: true),
            ParameterSchema("content", .string),
            ParameterSchema("groupName", .speakableString, vocabulary: "notebookItemGroupName"),
        ]),
        IntentSchema("INAppendToNoteIntent", "listsAndNotes", [
            ParameterSchema("targetNote", .note, required: true, vocabulary: "notebookItemTitle"),
            ParameterSchema("content", .string, required: true),
        ]),
        IntentSchema("INSearchForNotebookItemsIntent", "listsAndNotes", [
            ParameterSchema("title", .speakableString, vocabulary: "notebookItemTitle"),
            ParameterSchema("content", .string),
            ParameterSchema("itemType", .enumeration(["note", "taskList", "task"])),
            ParameterSchema("status", taskStatus),
        ]),
    ]

    static let callingIntents: [IntentSchema] = [
        IntentSchema("INStartCallIntent", "calling", [
            ParameterSchema("contacts", .person, multiple: true, required: true, vocabulary: "contactName", unlessGiven: ["destinationType"]),
            ParameterSchema("callCapability", .enumeration(["audioCall", "videoCall"])),
            ParameterSchema("destinationType", .enumeration(["normal", "emergency", "voicemail", "redial", "callBack"])),
        ]),
        IntentSchema("INSearchCallHistoryIntent", "calling", [
            ParameterSchema("recipient", .person, vocabulary: "contactName"),
            ParameterSchema("callTypes", .enumeration(["outgoing", "missed", "received", "latest", "voicemail"])),
            ParameterSchema("callCapability", .enumeration(["audioCall", "videoCall"])),
        ]),
    ]

    static let rideBookingIntents: [IntentSchema] = [
        IntentSchema("INRequestRideIntent", "rideBooking", [
            ParameterSchema("pickupLocation", .location),
            ParameterSchema("dropOffLocation", .location, required: true),
            ParameterSchema("rideOptionName", .speakableString),
            ParameterSchema("partySize", .integer),
        ]),
        IntentSchema("INGetRideStatusIntent", "rideBooking", []),
        IntentSchema("INCancelRideIntent", "rideBooking", []),
        IntentSchema("INSendRideFeedbackIntent", "rideBooking", [
            ParameterSchema("rating", .integer),
        ]),
    ]

    static let workoutGoalUnits: ValueType = .enumeration([
        "inch", "meter", "foot", "mile", "yard", "second", "minute", "hour", "joule", "kiloCalorie", "unknown",
    ])

    static let workoutIntents: [IntentSchema] = [
        IntentSchema("INStartWorkoutIntent", "workouts", [
            ParameterSchema("workoutName", .speakableString, required: true, vocabulary: "workoutActivityName"),
            ParameterSchema("goalValue", .number),
            ParameterSchema("workoutGoalUnitType", workoutGoalUnits),
            ParameterSchema("workoutLocationType", .enumeration(["outdoor", "indoor"])),
            ParameterSchema("isOpenEnded", .boolean),
        ]),
    ] + ["INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent"].map {
        IntentSchema($0, "workouts", [ParameterSchema("workoutName", .speakableString, vocabulary: "workoutActivityName")])
    }

    static let photoParameters: [ParameterSchema] = [
        ParameterSchema("albumName", .speakableString, vocabulary: "photoAlbumName"),
        ParameterSchema("searchTerms", .string, multiple: true),
        ParameterSchema("locationCreated", .location),
        ParameterSchema("peopleInPhoto", .person, multiple: true, vocabulary: "contactName"),
        ParameterSchema("includedAttributes", .enumeration(["photo", "video", "gif", "panorama", "portrait", "selfie", "screenshot", "favorite"])),
        ParameterSchema("dateCreated", .dateTimeRange),
    ]

    static let photoIntents: [IntentSchema] = [
        IntentSchema("INSearchForPhotosIntent", "photos", photoParameters),
        IntentSchema("INStartPhotoPlaybackIntent", "photos", photoParameters),
    ]

    static let accountTypes: ValueType = .enumeration(["checking", "savings", "credit", "debit", "investment", "mortgage", "prepaid"])

    static let paymentIntents: [IntentSchema] = [
        IntentSchema("INSendPaymentIntent", "payments", [
            ParameterSchema("payee", .person, required: true, vocabulary: "contactName"),
            ParameterSchema("currencyAmount", .currencyAmount, required: true),
            ParameterSchema("note", .string),
        ]),
        IntentSchema("INRequestPaymentIntent", "payments", [
            ParameterSchema("payer", .person, required: true, vocabulary: "contactName"),
            ParameterSchema("currencyAmount", .currencyAmount, required: true),
            ParameterSchema("note", .string),
        ]),
        IntentSchema("INTransferMoneyIntent", "payments", [
            ParameterSchema("fromAccount", .speakableString, vocabulary: "paymentsAccountNickname"),
            ParameterSchema("toAccount", .speakableString, required: true, vocabulary: "paymentsAccountNickname"),
            ParameterSchema("transactionAmount", .currencyAmount, required: true),
            ParameterSchema("transactionNote", .string),
        ]),
        IntentSchema("INSearchForAccountsIntent", "payments", [
            ParameterSchema("accountNickname", .speakableString, vocabulary: "paymentsAccountNickname"),
            ParameterSchema("accountType", accountTypes),
            ParameterSchema("organizationName", .speakableString, vocabulary: "paymentsOrganizationName"),
        ]),
        IntentSchema("INPayBillIntent", "payments", [
            ParameterSchema("billPayee", .speakableString, required: true, vocabulary: "paymentsOrganizationName"),
            ParameterSchema("fromAccount", .speakableString, vocabulary: "paymentsAccountNickname"),
            ParameterSchema("transactionAmount", .currencyAmount),
            ParameterSchema("billType", .enumeration(["electricity", "gas", "water", "phone", "internet", "creditCard", "rent", "insurance", "cable", "other"])),
            ParameterSchema("dueDate", .dateTime),
        ]),
    ]

    static let otherIntents: [IntentSchema] = [
        IntentSchema("INGetVisualCodeIntent", "visualCodes", [
            ParameterSchema("visualCodeType", .enumeration(["contact", "requestPayment", "sendPayment", "transit", "bus", "subway"])),
        ]),
        IntentSchema("INGetReservationDetailsIntent", "reservations", [
            ParameterSchema("reservationType", .enumeration(["flight", "hotel", "restaurant", "train", "bus", "boat", "rentalCar", "ticketedEvent"])),
            ParameterSchema("reservationContainerReference", .speakableString),
        ]),
        IntentSchema("INBookRestaurantReservationIntent", "restaurantReservations", [
            ParameterSchema("restaurant", .speakableString, required: true),
            ParameterSchema("partySize", .integer, required: true),
            ParameterSchema("bookingDateComponents", .dateTime, required: true),
            ParameterSchema("specialRequestText", .string),
        ]),
        IntentSchema("INPlayMediaIntent", "media", [
            ParameterSchema("mediaName", .speakableString, vocabulary: "mediaPlaylistTitle"),
            ParameterSchema("artistName", .speakableString, vocabulary: "mediaMusicArtistName"),
            ParameterSchema("mediaType", .enumeration(["song", "album", "artist", "playlist", "podcastShow", "podcastEpisode", "audioBook", "music", "radioStation"])),
            ParameterSchema("playShuffled", .boolean),
        ]),
    ]
}

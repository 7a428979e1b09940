extension Schema {
    /// SiriKit's intents that intentparse understands, with the parameters it extracts.
    public static let siriKit = Schema(messagingIntents + listsAndNotesIntents)

    static let messageAttributes: ValueType = .enumeration(["read", "unread", "flagged", "unflagged", "played"])
    static let taskStatus: ValueType = .enumeration(["completed", "notCompleted"])
    static let taskPriority: ValueType = .enumeration(["flagged", "notFlagged"])

    static let messagingIntents: [IntentSchema] = [
        IntentSchema("INSendMessageIntent", .messaging, [
            ParameterSchema("recipients", .person, multiple: true, required: true, vocabulary: "contactName", unlessGiven: ["speakableGroupName"]),
            ParameterSchema("content", .string, required: true),
            ParameterSchema("speakableGroupName", .speakableString, vocabulary: "contactGroupName"),
        ]),
        IntentSchema("INSearchForMessagesIntent", .messaging, [
            ParameterSchema("senders", .person, multiple: true, vocabulary: "contactName"),
            ParameterSchema("recipients", .person, multiple: true, vocabulary: "contactName"),
            ParameterSchema("searchTerms", .string, multiple: true),
            ParameterSchema("attributes", messageAttributes),
            ParameterSchema("speakableGroupNames", .speakableString, multiple: true, vocabulary: "contactGroupName"),
        ]),
    ]

    static let listsAndNotesIntents: [IntentSchema] = [
        IntentSchema("INCreateTaskListIntent", .listsAndNotes, [
            ParameterSchema("title", .speakableString, required: true),
            ParameterSchema("taskTitles", .speakableString, multiple: true),
            ParameterSchema("groupName", .speakableString, vocabulary: "notebookItemGroupName"),
        ]),
        IntentSchema("INAddTasksIntent", .listsAndNotes, [
            ParameterSchema("targetTaskList", .taskList, vocabulary: "notebookItemTitle"),
            ParameterSchema("taskTitles", .speakableString, multiple: true, required: true),
            ParameterSchema("priority", taskPriority),
        ]),
        IntentSchema("INSetTaskAttributeIntent", .listsAndNotes, [
            ParameterSchema("targetTask", .task, required: true, vocabulary: "notebookItemTitle"),
            ParameterSchema("taskTitle", .speakableString),
            ParameterSchema("status", taskStatus),
            ParameterSchema("priority", taskPriority),
        ]),
        IntentSchema("INCreateNoteIntent", .listsAndNotes, [
            ParameterSchema("title", .speakableString, required: true),
            ParameterSchema("content", .string),
            ParameterSchema("groupName", .speakableString, vocabulary: "notebookItemGroupName"),
        ]),
        IntentSchema("INAppendToNoteIntent", .listsAndNotes, [
            ParameterSchema("targetNote", .note, required: true, vocabulary: "notebookItemTitle"),
            ParameterSchema("content", .string, required: true),
        ]),
        IntentSchema("INSearchForNotebookItemsIntent", .listsAndNotes, [
            ParameterSchema("title", .speakableString, vocabulary: "notebookItemTitle"),
            ParameterSchema("content", .string),
            ParameterSchema("itemType", .enumeration(["note", "taskList", "task"])),
            ParameterSchema("status", taskStatus),
        ]),
    ]
}

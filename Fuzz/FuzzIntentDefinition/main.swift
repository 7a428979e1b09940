// Custom intents: any bytes as an app's Intents.intentdefinition (a plist, XML or binary), beside
// PizzaMonkey's Info.plist, vocabulary and shortcuts, which use its intents; the vocabulary folder
// is then loaded as `intentparse check` loads it.
import FuzzKit

let folder = Fuzzer.prepare { AppFolder() }

Fuzzer.run("FuzzIntentDefinition") { bytes in
    folder.load(bytes, as: "Intents.intentdefinition")
}

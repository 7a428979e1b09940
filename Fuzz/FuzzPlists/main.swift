// Property lists, XML or binary: the input's first byte chooses which of an app's files the
// rest stands for (Info.plist, en.lproj/AppIntentVocabulary.plist, en.lproj/UserVocabulary.plist,
// Shortcuts.plist); the vocabulary folder is then loaded as `intentparse check` loads it.
import FuzzKit

let folder = Fuzzer.prepare { AppFolder() }

Fuzzer.run("FuzzPlists") { bytes in
    guard let selector = bytes.first else { return }
    folder.load(Array(bytes.dropFirst()), as: AppFolder.appFiles[Int(selector) % 4])
}

import Foundation
import IntentParseBase
import IntentParseNormalization

/// Compiled grammars kept on disk between runs: one file per locale, holding the grammar as
/// loaded (with its warnings) and the tables it compiled to, so that a run whose files have not
/// changed reads no YAML and compiles nothing.
///
/// A file is used only when its fingerprint matches: the content of every file of the locale's
/// folder and of the vocabulary folder, the grammars folder's `schema.yaml`, both folders'
/// paths, the options that change what compiles, and this executable (its path, size and
/// modification time: another build writes another format). Anything else (a missing,
/// damaged, foreign or stale file, a folder that cannot be written) means compiling as if there
/// were no cache, and writing the file anew; the cache never changes an answer or an error.
/// A grammar with errors is never cached.
public struct CompiledGrammarCache: Sendable {
    /// The folder the cache files are kept in (created when first written).
    public let folder: URL

    /// A cache kept in `folder`.
    public init(folder: URL) { self.folder = folder }

    /// The cache the command line uses: `INTENTPARSE_CACHE` (a folder, or `off` for none), else
    /// `$XDG_CACHE_HOME/intentparse`, else `~/.cache/intentparse`; nil when off or no home.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> CompiledGrammarCache? {
        if let setting = environment["INTENTPARSE_CACHE"], !setting.isEmpty {
            return setting == "off" ? nil : CompiledGrammarCache(folder: URL(fileURLWithPath: setting, isDirectory: true))
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return CompiledGrammarCache(folder: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("intentparse"))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return CompiledGrammarCache(folder: URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/intentparse"))
    }

    /// Bumped whenever what is written changes in a way the executable's identity would not
    /// show (it always does today; this is for builds that keep their modification time).
    static let formatVersion: UInt64 = 10
    private static let magic: [UInt8] = Array("intentparse compiled grammar\n".utf8)

    /// What every locale's fingerprint shares: the executable, the options, the schema file,
    /// the vocabulary folder.
    struct SharedFingerprint: Sendable {
        var hash: BinaryCoding.Hash
    }

    func sharedFingerprint(grammars: URL, vocabulary: URL, lists: URL? = nil, learnFromExamples: Bool, strict: Bool) -> SharedFingerprint {
        var hash = BinaryCoding.Hash()
        hash.combine(CompiledGrammarCache.formatVersion)
        hash.combine(CompiledGrammarCache.executableIdentity)
        hash.combine(learnFromExamples ? 1 : 0)
        hash.combine(strict ? 1 : 0)
        hash.combine(grammars.standardizedFileURL.path)
        hash.combine(vocabulary.standardizedFileURL.path)
        hash.combine(FileManager.default.currentDirectoryPath)
        CompiledGrammarCache.combineFile(grammars.appendingPathComponent("schema.yaml"), into: &hash)
        CompiledGrammarCache.combineFolder(vocabulary, into: &hash)
        if let lists {
            hash.combine(lists.standardizedFileURL.path)
            CompiledGrammarCache.combineFile(lists, into: &hash)
        }
        return SharedFingerprint(hash: hash)
    }

    /// The fingerprint of `locale`'s files on top of `shared`.
    func fingerprint(locale: String, folder: URL, shared: SharedFingerprint) -> UInt64 {
        var hash = shared.hash
        hash.combine(locale)
        CompiledGrammarCache.combineFolder(folder, into: &hash)
        return hash.value
    }

    /// The file of one locale of one grammars folder (a new fingerprint overwrites it).
    private func file(locale: String, grammars: URL) -> URL {
        var hash = BinaryCoding.Hash()
        hash.combine(grammars.standardizedFileURL.path)
        hash.combine(FileManager.default.currentDirectoryPath)
        let safe = locale.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "_" }
        return folder.appendingPathComponent("\(String(safe))-\(String(hash.value, radix: 16)).grammar")
    }

    /// Runs `body` on the payload of `locale`'s file if there is one for `fingerprint` whose
    /// checksum holds; nil if there is none or `body` throws (damage it found).
    func read<T>(locale: String, grammars: URL, fingerprint: UInt64, _ body: (BinaryReader) throws -> T) -> T? {
        CompiledGrammarCache.read(file(locale: locale, grammars: grammars), magic: CompiledGrammarCache.magic, fingerprint: fingerprint, body)
    }

    /// Writes `locale`'s file: `payload` under `fingerprint`. Best effort: a cache that cannot
    /// be written is no cache, not an error.
    func write(locale: String, grammars: URL, fingerprint: UInt64, payload: BinaryWriter) {
        guard write(file(locale: locale, grammars: grammars), magic: CompiledGrammarCache.magic, fingerprint: fingerprint, payload: payload)
        else { return }
        prune()
    }

    // MARK: ICU's tables

    private static let icuMagic: [UInt8] = Array("intentparse icu tables\n".utf8)

    /// The tables of this ICU, for this executable (whose code makes them).
    private var icuTablesFile: URL {
        let safe = ICUTables.icuVersion.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "_" }
        return folder.appendingPathComponent("icu-\(String(safe)).tables")
    }

    private static var icuFingerprint: UInt64 {
        var hash = BinaryCoding.Hash()
        hash.combine(formatVersion)
        hash.combine(executableIdentity)
        hash.combine(ICUTables.icuVersion)
        return hash.value
    }

    /// Gives the normalizers the tables of ICU an earlier run wrote (`ICUTables`), if their
    /// file is there and sound; true when it was.
    func installICUTables() -> Bool {
        let installed: Bool? = CompiledGrammarCache.read(
            icuTablesFile, magic: CompiledGrammarCache.icuMagic, fingerprint: CompiledGrammarCache.icuFingerprint
        ) { reader in
            try ICUTables.install(from: reader)
            return true
        }
        return installed ?? false
    }

    /// Writes every table of ICU this process has (best effort).
    func writeICUTables() {
        let payload = BinaryWriter()
        ICUTables.write(to: payload)
        _ = write(icuTablesFile, magic: CompiledGrammarCache.icuMagic, fingerprint: CompiledGrammarCache.icuFingerprint, payload: payload)
    }

    // MARK: files

    /// A file's payload read by `body`, if the file starts with `magic` and `fingerprint` and
    /// its checksum holds; nil otherwise or if `body` throws.
    private static func read<T>(_ file: URL, magic: [UInt8], fingerprint: UInt64, _ body: (BinaryReader) throws -> T) -> T? {
        guard let data = try? Data(contentsOf: file, options: .mappedIfSafe) else { return nil }
        return data.withUnsafeBytes { bytes -> T? in
            let header = magic.count + 3 * 8
            guard bytes.count >= header, bytes.prefix(magic.count).elementsEqual(magic) else { return nil }
            let numbers = UnsafeRawBufferPointer(rebasing: bytes[magic.count..<header])
            let stored = numbers.loadUnaligned(fromByteOffset: 0, as: UInt64.self).littleEndian
            let checksum = numbers.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
            let length = numbers.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian
            let payload = UnsafeRawBufferPointer(rebasing: bytes[header...])
            guard stored == fingerprint, length == UInt64(payload.count), BinaryCoding.checksum(payload) == checksum,
                let reader = try? BinaryReader(payload)
            else { return nil }
            return try? body(reader)
        }
    }

    /// Writes `payload` to `file` under `magic` and `fingerprint`, atomically; false if it
    /// could not be written.
    private func write(_ file: URL, magic: [UInt8], fingerprint: UInt64, payload: BinaryWriter) -> Bool {
        let body = payload.bytes
        var data = Data(magic)
        for number in [fingerprint, body.withUnsafeBytes(BinaryCoding.checksum), UInt64(body.count)] {
            withUnsafeBytes(of: number.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: body)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.write(data, to: file.path)
            return true
        } catch {
            return false
        }
    }

    /// How many grammar files the folder keeps: each grammars folder (a test's temporary one
    /// too) leaves one per locale, and the least recently written go first.
    static let keep = 64

    private func prune() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        let files = names.filter { $0.hasSuffix(".grammar") }.map { folder.appendingPathComponent($0).path }
        guard files.count > CompiledGrammarCache.keep else { return }
        let dated = files.map { path in (path, (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast) }
        for (path, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(CompiledGrammarCache.keep) { try? manager.removeItem(atPath: path) }
    }

    // MARK: fingerprints

    /// The running executable's path, size and modification time.
    static let executableIdentity: String = {
        #if os(Linux)
            let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        #else
            let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        #endif
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(path)\u{0}\(size)\u{0}\(modified)"
    }()

    /// Every file under `folder` (names relative to it, sorted) with its content; a missing
    /// folder counts as empty, an unreadable file by its name and a marker.
    private static func combineFolder(_ folder: URL, into hash: inout BinaryCoding.Hash) {
        let root = folder.standardizedFileURL.path
        let files = FileTree.regularFiles(under: root)
        hash.combine(UInt64(files.count))
        for file in files {
            hash.combine(file.path)
            combineFile(URL(fileURLWithPath: root).appendingPathComponent(file.path), into: &hash)
        }
    }

    private static func combineFile(_ file: URL, into hash: inout BinaryCoding.Hash) {
        guard let data = try? Data(contentsOf: file) else { return hash.combine("\u{0}unreadable or missing") }
        data.withUnsafeBytes { hash.combine($0) }
    }
}

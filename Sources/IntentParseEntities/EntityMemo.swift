import IntentParseNormalization

/// What entity parsers keep of one utterance between their calls at its positions, so that a
/// reading that starts at each of several positions reads the words they share once.
///
/// A matcher asks a parser for the readings at every position an entity may start; the date
/// parser reads, from each, the pieces at that position and at the ends of those pieces
/// ("tomorrow" "at 8 pm" "with …"), so "at 8 pm" is the same pieces whether the reading
/// started at "tomorrow" or at "at". The memo holds those pieces per position.
///
/// NB: one memo serves one utterance at a time, from one thread (a matcher's scratch memory);
/// `reset` starts the next. What it holds depends on the tokens only, never on the
/// `EntityContext` (readings are placed on the calendar after).
package final class EntityMemo {
    private var text: String?
    private var owner: ObjectIdentifier?
    let dates = DatePieceMemo()

    package init() {}

    /// Forgets what was read, unless `text` is the utterance the memo holds already (a second
    /// stage of matching over the same tokens).
    package func reset(for text: String) {
        guard text != self.text else { return }
        self.text = text
        owner = nil
    }

    /// The date pieces of the current utterance as `parser` reads them (emptied when another
    /// parser used the memo last).
    func datePieces(of parser: AnyObject, tokenCount: Int) -> DatePieceMemo {
        let id = ObjectIdentifier(parser)
        if owner != id {
            owner = id
            dates.reset(tokenCount: tokenCount)
        }
        return dates
    }
}

/// Per position of an utterance, the date pieces read there (first pieces and later ones
/// apart: a first piece may be an offset, a later one may follow a comma) and which readers
/// may start there.
final class DatePieceMemo {
    /// Every piece read so far; a key's pieces are `found[start..<end]`.
    var found: [(end: Int, piece: DatePiece)] = []
    /// Per key (position times two, plus one for a first piece), the start and end in `found`
    /// of its pieces; -1 before they are read.
    private var spans: [Int32] = []
    /// Per position, its readers' raw value plus one; 0 before they are told.
    private var readers: [UInt32] = []

    func reset(tokenCount: Int) {
        found.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        spans.append(contentsOf: repeatElement(-1, count: 4 * (tokenCount + 1)))
        readers.removeAll(keepingCapacity: true)
        readers.append(contentsOf: repeatElement(0, count: tokenCount + 1))
    }

    /// The pieces at `position` (a first piece or not), read by `read` the first time.
    func pieces(at position: Int, first: Bool, read: (inout [(end: Int, piece: DatePiece)]) -> Void) -> Range<Int> {
        let key = 2 * (position * 2 + (first ? 1 : 0))
        guard key + 1 < spans.count else { return 0..<0 }
        if spans[key] >= 0 { return Int(spans[key])..<Int(spans[key + 1]) }
        let start = found.count
        read(&found)
        spans[key] = Int32(start)
        spans[key + 1] = Int32(found.count)
        return start..<found.count
    }

    /// The readers that may start at `position`, told by `tell` the first time.
    func readers(at position: Int, tell: () -> DateReaders) -> DateReaders {
        guard position < readers.count else { return tell() }
        if readers[position] != 0 { return DateReaders(rawValue: readers[position] - 1) }
        let told = tell()
        readers[position] = told.rawValue + 1
        return told
    }
}

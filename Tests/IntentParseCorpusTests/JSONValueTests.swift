import Foundation
import IntentParseBase
import Testing

/// The JSON Lines writer: key order as inserted, escapes a strict parser accepts, numbers as
/// integers or up to 15 significant digits.
@Suite struct JSONValueTests {
    @Test func escapesWhatJSONRequiresAndKeepsTheRest() throws {
        let text = "quote \" backslash \\ tab \t newline \n bell \u{07} separator \u{2028} café 🙈"
        let line = JSONValue.object([("text", .string(text))]).serialized
        #expect(line == #"{"text":"quote \" backslash \\ tab \t newline \n bell \u0007 separator \u2028 café 🙈"}"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        #expect(decoded?["text"] == text)
    }

    @Test func writesNumbersCompactly() {
        let line = JSONValue.array([.number(3), .number(-12), .number(0.72), .number(0.1 + 0.2), .number(1e-7), .number(.nan)]).serialized
        #expect(line == "[3,-12,0.72,0.3,1e-07,null]")
    }

    @Test func decimalsReadAsPrintfWouldPrintThem() {
        let samples: [Double] = [
            0.93, 0.1, -0.5, 12.25, 0.07, 1234.5, 0.000001, -3.14159, 0.123456, 2.0 / 3.0, 1e-7, 123456.789,
            0.05, 1.007, 20.001, -0.0004, 100, 0, -7, 99_999_999_999_999, 1e15, 1.5e15
        ]
        for n in samples {
            let line = JSONValue.number(n).serialized
            let expected = String(format: "%.15g", n)
            #expect(line == (expected.contains("e") ? String(n) : expected), "\(n)")
        }
    }

    /// Emits the same nested document into both sinks.
    private func emitSample(into sink: inout some JSONSink, depth: Int) {
        sink.beginObject()
        sink.key("name")
        sink.string("quote \" and \u{2028}")
        sink.key("missing")
        sink.string(nil)
        sink.key("empty")
        sink.beginArray()
        sink.endArray()
        sink.key("items")
        sink.beginArray()
        sink.number(1)
        sink.number(0.25)
        sink.bool(false)
        sink.value(.object([("inner", .array([.null, .string("x")]))]))
        sink.beginObject()
        sink.endObject()
        sink.endArray()
        if depth > 0 {
            sink.key("child")
            emitSample(into: &sink, depth: depth - 1)
        }
        sink.endObject()
    }

    @Test func writerWritesWhatTheTreeSerializesTo() {
        // Deeper than the writer's 64 levels of bits, too.
        for depth in [0, 1, 3, 70] {
            var writer = JSONWriter()
            emitSample(into: &writer, depth: depth)
            let tree = JSONTreeBuilder.build { emitSample(into: &$0, depth: depth) }
            #expect(writer.text == tree.serialized, "depth \(depth)")
        }
        var writer = JSONWriter()
        emitSample(into: &writer, depth: 0)
        #expect(writer.text == #"{"name":"quote \" and \u2028","missing":null,"empty":[],"items":[1,0.25,false,{"inner":[null,"x"]},{}]}"#)
    }

    @Test func aCopiedWriterKeepsItsOwnBytes() {
        var first = JSONWriter(capacity: 1)
        first.beginArray()
        first.string("a")
        var second = first
        second.string("b \" c")
        second.endArray()
        first.endArray()
        #expect(first.text == #"["a"]"#)
        #expect(second.text == #"["a","b \" c"]"#)
    }

    @Test func fixedKeysAreWrittenAsTheTreeHasThem() {
        func emit(into sink: inout some JSONSink) {
            sink.beginObject()
            sink.fixedKey("requiresAuthentication")
            sink.bool(true)
            sink.fixedKey("x")
            sink.number(0.5)
            sink.member("identifier", ifPresent: "é")
            sink.member("title", ifPresent: nil)
            sink.endObject()
        }
        var writer = JSONWriter()
        emit(into: &writer)
        #expect(writer.text == JSONTreeBuilder.build { emit(into: &$0) }.serialized)
        #expect(writer.text == #"{"requiresAuthentication":true,"x":0.5,"identifier":"é"}"#)
    }

    @Test func keepsKeyOrder() {
        let line = JSONValue.object([("z", .null), ("a", .bool(true)), ("m", .array([]))]).serialized
        #expect(line == #"{"z":null,"a":true,"m":[]}"#)
    }
}

import Testing

@testable import IntentParseEntities

/// `DateExpression` hashes by a mix of its fields; equal expressions must hash alike, and the
/// resolver's cache must tell different ones apart.
@Suite struct DateExpressionTests {
    private func expression(_ pieces: [DatePiece]) -> DateExpression? {
        pieces.reduce(DateExpression() as DateExpression?) { $0?.adding($1) }
    }

    @Test func equalExpressionsHashAlike() throws {
        let zero = try #require(expression([.offset(seconds: 0, dateOnly: false)]))
        let negativeZero = try #require(expression([.offset(seconds: -0.0, dateOnly: false)]))
        #expect(zero == negativeZero)
        #expect(zero.hashValue == negativeZero.hashValue)
        let time = ClockTime(hour: 8, minute: 0, meridiem: .pm, isExplicit: true)
        let first = try #require(expression([.day(.relative(1)), .time(time, anchored: true)]))
        let second = try #require(expression([.time(time, anchored: true), .day(.relative(1))]))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
    }

    @Test func differentExpressionsStayApartInADictionary() {
        let pieces: [DatePiece] = [
            .day(.relative(0)), .day(.relative(1)), .day(.weekday(6, next: false)), .day(.weekday(6, next: true)),
            .day(.monthDay(month: 3, day: 3, year: nil)), .day(.monthDay(month: 3, day: 3, year: 2027)), .day(.dayOfMonth(3)),
            .part(0, standalone: true, today: true), .part(0, standalone: false, today: false), .part(1, standalone: true, today: true),
            .dayPart(.relative(0), 3), .time(ClockTime(hour: 8, minute: 0), anchored: true), .time(ClockTime(hour: 8, minute: 0), anchored: false),
            .time(ClockTime(hour: 8, minute: 30, meridiem: .am), anchored: true), .weekend(next: false), .weekend(next: true),
            .offset(seconds: 7200, dateOnly: false), .offset(seconds: 86_400, dateOnly: true)
        ]
        var seen: [DateExpression: Int] = [:]
        var count = 0
        for first in pieces {
            for second in pieces {
                guard let expression = expression([first, second]) ?? expression([first]) else { continue }
                if seen[expression] == nil { count += 1 }
                seen[expression] = 1
            }
        }
        #expect(seen.count == count)
        #expect(Set(pieces.compactMap { expression([$0]) }).count == pieces.count)
    }
}

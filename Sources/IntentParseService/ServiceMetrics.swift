import Foundation
import Prometheus

/// The service's counters and latencies, as `GET /metrics` shows them (Prometheus's text format).
package final class ServiceMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let parsedIntent: Counter
    private let parsedNull: Counter
    private let dialogueTurns: Counter
    private let reloadsOK: Counter
    private let reloadsFailed: Counter
    /// Each route's counter and histogram, made once: the registry's own lookup builds and
    /// checks the labels on every call.
    private let series = Series()

    private final class Series: @unchecked Sendable {
        let lock = NSLock()
        var counters: [String: Counter] = [:]
        var histograms: [String: DurationHistogram] = [:]
    }

    /// Latency buckets from 50 µs (a parse) to 2.5 s (a slow handler in a dialogue).
    static let buckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5)
    ]

    package init() {
        parsedIntent = registry.makeCounter(
            name: "intentparse_parse_outcomes_total", labels: [("outcome", "intent")],
            help: "Utterances parsed, by outcome: an intent, or null (rejected).")
        parsedNull = registry.makeCounter(
            name: "intentparse_parse_outcomes_total", labels: [("outcome", "null")],
            help: "Utterances parsed, by outcome: an intent, or null (rejected).")
        dialogueTurns = registry.makeCounter(name: "intentparse_dialogue_turns_total", help: "Dialogue turns taken.")
        let reloadHelp = "Reloads of the grammars and vocabulary after a change: ok (now serving) or failed (the previous grammar kept)."
        reloadsOK = registry.makeCounter(name: "intentparse_reloads_total", labels: [("result", "ok")], help: reloadHelp)
        reloadsFailed = registry.makeCounter(name: "intentparse_reloads_total", labels: [("result", "failed")], help: reloadHelp)
    }

    /// One request answered: `route` is the route's pattern ("/dialog/{session}"), never the
    /// path a client sent, so that clients cannot make new series.
    package func request(method: String, route: String, status: Int, duration: Duration) {
        let routeKey = method + " " + route, key = routeKey + " " + String(status)
        let (counter, histogram) = series.lock.withLock { () -> (Counter, DurationHistogram) in
            let counter =
                series.counters[key]
                ?? registry.makeCounter(
                    name: "intentparse_http_requests_total", labels: [("method", method), ("route", route), ("status", String(status))],
                    help: "HTTP requests answered.")
            series.counters[key] = counter
            let histogram =
                series.histograms[routeKey]
                ?? registry.makeDurationHistogram(
                    name: "intentparse_http_request_duration_seconds", labels: [("method", method), ("route", route)],
                    buckets: ServiceMetrics.buckets, help: "Time from a request's head to its response, by route.")
            series.histograms[routeKey] = histogram
            return (counter, histogram)
        }
        counter.increment()
        histogram.record(duration)
    }

    package func parsed(accepted: Bool) { (accepted ? parsedIntent : parsedNull).increment() }

    package func turnTaken() { dialogueTurns.increment() }

    package func reloaded(ok: Bool) { (ok ? reloadsOK : reloadsFailed).increment() }

    /// Every metric, in Prometheus's text exposition format.
    package func exposition() -> [UInt8] { registry.emitToBuffer() }
}

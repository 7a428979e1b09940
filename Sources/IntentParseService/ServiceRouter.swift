import Foundation
import Hummingbird
import IntentParse
import IntentParseBase
import NIOCore

/// The HTTP face of `IntentService`: its routes, the bearer token, body limits, errors as
/// JSON, metrics. The routes are the ones `openapi.yaml` describes.
package enum ServiceRouter {
    /// Request bodies above this many bytes are refused with 413.
    package static let maxBody = 1 << 20

    /// The routes, as `openapi.yaml` names them (method, path pattern).
    package static let routes: [(method: String, path: String)] = [
        ("GET", "/"), ("GET", "/healthz"), ("GET", "/metrics"), ("GET", "/diagnostics"), ("GET", "/openapi.yaml"),
        ("POST", "/parse"), ("POST", "/explain"), ("POST", "/dialog"), ("DELETE", "/dialog/{session}")
    ]

    /// The methods of the routes whose pattern matches `path` ("{session}" takes one segment).
    static func methods(of path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return routes.filter { route in
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: false)
            return pattern.count == segments.count
                && zip(pattern, segments).allSatisfy { $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }
        }.map(\.method)
    }

    /// Paths any client may read without the bearer token: the health check, and the
    /// playground page (which holds nothing but itself, and asks for the token to call the rest).
    static let openPaths: Set<String> = ["/", "/healthz"]

    /// A router for `service`; `token`: the bearer token every route but `openPaths` requires.
    package static func router(_ service: IntentService, token: String? = nil) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: AnswerMiddleware(metrics: service.metrics))
        if let token { router.add(middleware: BearerTokenMiddleware(token: token)) }

        router.get("/") { _, _ in resource(PackageResources.playground_html, type: "text/html; charset=utf-8") }
        router.get("/healthz") { _, _ in
            json(JSONValue.object([("status", .string("ok")), ("locales", .array(service.parser.locales.map(JSONValue.string)))]).serialized)
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: service.metrics.exposition())))
        }
        router.get("/diagnostics") { _, _ in json(service.diagnosticsJSON()) }
        router.get("/openapi.yaml") { _, _ in resource(PackageResources.openapi_yaml, type: "application/yaml") }
        router.post("/parse") { request, _ in
            let body = try await bytes(of: request)
            let isNDJSON = request.headers[.contentType].map { isMediaType($0, "application/x-ndjson") } ?? false
            let answer = try service.parse(body, isNDJSON: isNDJSON)
            return Response(
                status: .ok, headers: [.contentType: answer.contentType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        router.post("/explain") { request, _ in
            let body = try await bytes(of: request)
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: try service.explain(body)))
            )
        }
        router.post("/dialog") { request, _ in
            let body = try await bytes(of: request)
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: try await service.dialog(body))))
        }
        router.delete("/dialog/{session}") { _, context in
            try await service.endSession(context.parameters.get("session") ?? "")
            return Response(status: .noContent)
        }
        return router
    }

    /// The request's body, at most `maxBody` bytes (more: 413, by `AnswerMiddleware`).
    private static func bytes(of request: Request) async throws -> [UInt8] {
        var request = request
        let buffer = try await request.collectBody(upTo: maxBody)
        return Array(buffer.readableBytesView)
    }

    /// Whether a Content-Type value names `type` (lowercase ASCII): "Application/X-NDJSON;
    /// charset=utf-8" names "application/x-ndjson" (parameters, HTTP's optional whitespace
    /// around the type, spaces and tabs, and letter case left out).
    ///
    /// NB: compared byte by byte: asked on every request, and building the trimmed, lowercased
    /// string cost more than the rest of a request's routing.
    static func isMediaType(_ value: String, _ type: StaticString) -> Bool {
        let bytes = value.utf8
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        var named = bytes[..<end].drop(while: isSpace)
        while let last = named.last, isSpace(last) { named = named.dropLast() }
        let expected = UnsafeBufferPointer(start: type.utf8Start, count: type.utf8CodeUnitCount)
        guard named.count == expected.count else { return false }
        return zip(named, expected).allSatisfy { byte, wanted in
            byte == wanted || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) && byte | 0x20 == wanted
        }
    }

    /// A file compiled into the binary, as it is.
    private static func resource(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `{"error": message}`.
    static func error(_ message: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var response = json(JSONValue.object([("error", .string(message))]).serialized, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// Turns every failure into a JSON answer with its status (a refused request names the field
/// at fault; anything unexpected is a 500 that names no internals), and counts each answer in
/// the metrics by route pattern, status and time taken.
struct AnswerMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let metrics: ServiceMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch let problem as RequestProblem {
            response = ServiceRouter.error(problem.message, status: HTTPResponse.Status(code: problem.status))
        } catch is NIOTooManyBytesError {
            response = ServiceRouter.error("the body is over \(ServiceRouter.maxBody) bytes (1 MiB)", status: .contentTooLarge)
        } catch let error as any HTTPResponseError {
            let allowed = error.status == .notFound ? ServiceRouter.methods(of: request.uri.path) : []
            if !allowed.isEmpty {
                // The path is a route's, the method is not: 405, with the methods it takes.
                response = ServiceRouter.error(
                    "\(request.uri.path) takes \(allowed.joined(separator: ", ")), not \(request.method)", status: .methodNotAllowed,
                    headers: [.allow: allowed.joined(separator: ", ")])
            } else {
                let message =
                    error.status == .notFound
                    ? "no route \(request.method) \(request.uri.path); the routes: "
                        + ServiceRouter.routes.map { "\($0.method) \($0.path)" }.joined(separator: ", ")
                    : error.status.reasonPhrase
                response = ServiceRouter.error(message, status: error.status)
            }
        } catch {
            context.logger.error("\(request.method) \(request.uri.path): \(error)")
            response = ServiceRouter.error("internal error", status: .internalServerError)
        }
        metrics.request(
            method: request.method.rawValue, route: context.endpointPath ?? "unmatched", status: response.status.code,
            duration: ContinuousClock.now - start)
        return response
    }
}

/// Requires `Authorization: Bearer <token>` on every route but `openPaths` (`--token-file`).
struct BearerTokenMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let token: [UInt8]

    init(token: String) { self.token = Array(token.utf8) }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if ServiceRouter.openPaths.contains(request.uri.path) { return try await next(request, context) }
        let prefix = "Bearer "
        guard let header = request.headers[.authorization], header.hasPrefix(prefix),
            BearerTokenMiddleware.equal(Array(header.utf8.dropFirst(prefix.utf8.count)), token)
        else {
            return ServiceRouter.error(
                "this service requires a bearer token: Authorization: Bearer <token>", status: .unauthorized,
                headers: [.wwwAuthenticate: "Bearer realm=\"intentparse\""])
        }
        return try await next(request, context)
    }

    /// Compares in time that depends on the lengths only, not on where the bytes differ.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

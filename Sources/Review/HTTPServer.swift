import CMicroHTTPD
import Foundation
import Synchronization

/// A request as the routes see it: method, path, query arguments (decoded), headers and
/// body, and the port it came to. Plain values, so that the routes run without a socket (the
/// `review` fuzz target, the tests).
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var arguments: [String: String]
    public var headers: [String: String]  // by lower-case name
    public var body: Data
    public var port: UInt16  // the port the server listens on

    public init(
        method: String, path: String, arguments: [String: String] = [:], headers: [String: String] = [:], body: Data = Data(),
        port: UInt16
    ) {
        self.method = method
        self.path = path
        self.arguments = arguments
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.port = port
    }

    /// A query argument (`?t=1.5`), decoded.
    public func argument(_ name: String) -> String? { arguments[name] }
    /// A request header, by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What a route answers.
public enum HTTPResponse {
    /// `data` with its status and content type.
    case bytes(status: Int, contentType: String, Data)
    /// A file, whole or the span the request's `Range` header asks of it (resolved against
    /// the size of the file as opened), with `Accept-Ranges`.
    case file(path: String, contentType: String)

    /// A short text answer: `status` and a line saying why.
    public static func text(_ status: Int, _ message: String) -> HTTPResponse {
        .bytes(status: status, contentType: "text/plain; charset=utf-8", Data((message + "\n").utf8))
    }

    /// A JSON answer.
    public static func json(_ status: Int, _ data: Data) -> HTTPResponse {
        .bytes(status: status, contentType: "application/json", data)
    }

    /// The status it is sent with (a file: 200, or 206 for a span the server finds).
    public var status: Int {
        switch self {
        case .bytes(let status, _, _): return status
        case .file: return 200
        }
    }
}

/// An HTTP server on 127.0.0.1 through libmicrohttpd: a thread per connection. Each request
/// is shown to `admit` as soon as its head (line and headers) has arrived: an answer from it
/// is sent at once and the body is never read. Otherwise the body is read whole (at most
/// `maximumBody` bytes) and the request handed to `handler`. Every answer carries `headers`.
/// The daemon starts in `init` and stops in `deinit`.
public final class HTTPServer: @unchecked Sendable {
    /// The largest request body taken. // bytes
    public static let maximumBody = 4 << 20

    private let daemon: OpaquePointer
    private let context: Unmanaged<Handler>
    /// The port it listens on.
    public let port: UInt16
    /// The address its socket is bound to, as the kernel reports it ("127.0.0.1").
    public let boundAddress: String

    /// Starts listening on 127.0.0.1 at `port` (0: a free port); throws when it cannot.
    public init(
        port: UInt16, headers: [(String, String)] = [], admit: @escaping (HTTPRequest) -> HTTPResponse?,
        handler: @escaping (HTTPRequest) -> HTTPResponse
    ) throws {
        let box = Handler(admit: admit, respond: handler, headers: headers)
        let context = Unmanaged.passRetained(box)
        guard let daemon = burn_mhd_start_loopback(port, Self.access, context.toOpaque(), Self.completed) else {
            context.release()
            throw ReviewError("cannot listen on 127.0.0.1:\(port) (in use?)")
        }
        var text = [CChar](repeating: 0, count: 64)
        burn_mhd_bound_address(daemon, &text, socklen_t(text.count))
        let bound = burn_mhd_port(daemon)
        self.port = bound
        box.port.withLock { $0 = bound }
        self.boundAddress = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.context = context
        self.daemon = daemon
    }

    deinit {
        MHD_stop_daemon(daemon)
        context.release()
    }

    /// The routes and the headers of every answer, kept alive for the daemon's threads.
    private final class Handler: @unchecked Sendable {
        let admit: (HTTPRequest) -> HTTPResponse?
        let respond: (HTTPRequest) -> HTTPResponse
        let headers: [(String, String)]
        let port = Mutex<UInt16>(0)
        init(admit: @escaping (HTTPRequest) -> HTTPResponse?, respond: @escaping (HTTPRequest) -> HTTPResponse, headers: [(String, String)]) {
            self.admit = admit
            self.respond = respond
            self.headers = headers
        }
    }

    /// A request body as it arrives, one per connection's request.
    private final class Body {
        var data = Data()
        var tooLarge = false
    }

    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
        guard let context, let connection, let url, let method, let uploadSize, let state else { return burn_mhd_no() }
        let handler = Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue()
        var request = HTTPRequest(
            method: String(cString: method), path: String(cString: url), arguments: values(of: connection, arguments: true),
            headers: values(of: connection, arguments: false), port: handler.port.withLock { $0 })
        // The first call of a request brings its head: refused now, its body is never read.
        guard let stored = state.pointee else {
            if let refusal = handler.admit(request) { return queue(refusal, on: connection, request: request, headers: handler.headers) }
            state.pointee = Unmanaged.passRetained(Body()).toOpaque()
            return burn_mhd_yes()
        }
        let body = Unmanaged<Body>.fromOpaque(stored).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if body.data.count + uploadSize.pointee > maximumBody {
                body.tooLarge = true
            } else if let upload {
                body.data.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee)
            }
            uploadSize.pointee = 0
            return burn_mhd_yes()
        }
        request.body = body.data
        let response = body.tooLarge ? .text(413, "request body too large") : handler.respond(request)
        return queue(response, on: connection, request: request, headers: handler.headers)
    }

    private static let completed: MHD_RequestCompletedCallback = { _, _, state, _ in
        guard let state, let stored = state.pointee else { return }
        Unmanaged<Body>.fromOpaque(stored).release()
        state.pointee = nil
    }

    /// The connection's query arguments or headers, the first of each name.
    private static func values(of connection: OpaquePointer, arguments: Bool) -> [String: String] {
        final class Found { var values: [String: String] = [:] }
        let found = Found()
        let collect: MHD_KeyValueIterator = { context, _, key, value in
            guard let context, let key else { return burn_mhd_yes() }
            let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
            let name = String(cString: key)
            if found.values[name] == nil { found.values[name] = value.map { String(cString: $0) } ?? "" }
            return burn_mhd_yes()
        }
        withExtendedLifetime(found) {
            _ = burn_mhd_values(connection, arguments ? 1 : 0, collect, Unmanaged.passUnretained(found).toOpaque())
        }
        return found.values
    }

    /// Sends `response` with `extra` headers; every answer says not to cache it and not to guess its type.
    private static func queue(
        _ response: HTTPResponse, on connection: OpaquePointer, request: HTTPRequest, headers extra: [(String, String)]
    ) -> MHD_Result {
        var status: Int
        var made: OpaquePointer?
        var headers: [(String, String)] = [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")] + extra
        switch response {
        case .bytes(let code, let type, let data):
            status = code
            made = data.withUnsafeBytes { buffer in
                burn_mhd_response_copy(buffer.count, buffer.baseAddress)
            }
            headers.append(("Content-Type", type))
        case .file(let path, let type):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
                if descriptor >= 0 { close(descriptor) }
                return queue(.text(404, "not found"), on: connection, request: request, headers: extra)
            }
            let size = Int64(info.st_size)
            headers += [("Content-Type", type), ("Accept-Ranges", "bytes")]
            switch ByteRange(header: request.header("Range"), size: size) {
            case .whole:
                status = 200
                made = MHD_create_response_from_fd_at_offset64(UInt64(size), descriptor, 0)
            case .span(let first, let last):
                status = 206
                made = MHD_create_response_from_fd_at_offset64(UInt64(last - first + 1), descriptor, UInt64(first))
                headers.append(("Content-Range", "bytes \(first)-\(last)/\(size)"))
            case .unsatisfiable:
                close(descriptor)
                status = 416
                made = burn_mhd_response_copy(0, nil)
                headers.append(("Content-Range", "bytes */\(size)"))
            }
        }
        guard let made else { return burn_mhd_no() }
        for (name, value) in headers { MHD_add_response_header(made, name, value) }
        let result = MHD_queue_response(connection, UInt32(status), made)
        MHD_destroy_response(made)
        return result
    }
}

/// A problem of the review server or its session, said in one line.
public struct ReviewError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

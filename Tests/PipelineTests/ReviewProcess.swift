import Foundation
import TestSupport
import XCTest

/// A `burn-captions review` process for the server tests: started with a TMPDIR of its own,
/// its URL read from its first line, and a plain HTTP/1.1 client over a socket, so that a test
/// sends exactly the head and body it means (any `Host`, a head without its body).
final class ReviewProcess: @unchecked Sendable {
    let process: Process
    let temporaryFolder: URL
    let port: UInt16
    let token: String
    private let out: Pipe
    private let err: Pipe

    /// An answer: status, headers by lower-case name, body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Starts `review VIDEO --captions CAPTIONS` (and `extra`), with TMPDIR `temporaryFolder`.
    init(video: String, captions: String, temporaryFolder: URL, extra: [String] = []) throws {
        self.temporaryFolder = temporaryFolder
        (process, out, err) = try ProcessRunner.start(
            CLI.binary, ["review", video, "--captions", captions] + extra, environment: ["TMPDIR": temporaryFolder.path])
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let piece = out.fileHandleForReading.availableData
            if piece.isEmpty { break }
            line += piece
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let match = text.firstMatch(of: /127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/), let port = UInt16(match.1) else {
            let result = ProcessRunner.finish(process, out, err)
            throw ProcessRunner.Failure(command: ["review"], message: "no URL printed: \(text) \(result.stderr)")
        }
        self.port = port
        token = String(match.2)
    }

    /// Stops it with `signal` and returns how it ended.
    func stop(_ signal: Int32 = SIGINT) -> ProcessRunner.Result {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return ProcessRunner.finish(process, out, err)
    }

    deinit { if process.isRunning { _ = stop(SIGKILL) } }

    /// `path` with the token added to its query.
    func withToken(_ path: String) -> String { path + (path.contains("?") ? "&" : "?") + "token=" + token }

    /// Sends `method path` with `headers` (Host is this server's unless given) and `body`, or
    /// only the head and a `Content-Length` of `announcedLength` when `body` is nil; waits at
    /// most `timeout` seconds for the answer.
    func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = Data(), announcedLength: Int = 0,
        timeout: Int = 60
    ) throws -> Answer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ProcessRunner.Failure(command: ["socket"], message: String(cString: strerror(errno))) }
        defer { close(socket) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ProcessRunner.Failure(command: ["connect"], message: String(cString: strerror(errno))) }
        var head = "\(method) \(path) HTTP/1.1\r\n"
        var all = ["Host": "127.0.0.1:\(port)", "Connection": "close"].merging(headers) { $1 }
        all["Content-Length"] = String(body?.count ?? announcedLength)
        for (name, value) in all.sorted(by: { $0.key < $1.key }) where !value.isEmpty { head += "\(name): \(value)\r\n" }
        let request = Data((head + "\r\n").utf8) + (body ?? Data())
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }  // the server may refuse before the body is sent
            sent += count
        }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        return try Self.parse(answer)
    }

    private static func parse(_ data: Data) throws -> Answer {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else {
            throw ProcessRunner.Failure(command: ["HTTP"], message: "no answer (\(data.count) bytes)")
        }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: Data(data[end.upperBound...]))
    }
}

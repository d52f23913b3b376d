import Foundation
import Pipeline

/// `burn-captions review`: the page, the input video, frames drawn by the renderer and the
/// captions API, on 127.0.0.1 behind a random token, as Jupyter does. Nothing but these
/// routes is served: no path from a request reaches the file system (the page's files are
/// read once, at start, by fixed names).
public final class ReviewServer: @unchecked Sendable {
    public let session: ReviewSession
    private let token: String
    private let video: String
    private let assets: [String: (type: String, data: Data)]
    private var server: HTTPServer?

    /// The URL to open, token included.
    public var url: String { "http://127.0.0.1:\(server?.port ?? 0)/?token=\(token)" }
    /// The port it listens on.
    public var port: UInt16 { server?.port ?? 0 }
    /// The address its socket is bound to, as the kernel reports it.
    public var boundAddress: String { server?.boundAddress ?? "" }

    /// Opens `request`'s captions for review and starts listening at `port` (0: any free one).
    public init(_ request: BurnRequest, port: UInt16 = 0) throws {
        session = try ReviewSession(request)
        video = request.input
        var random = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(format: "%016llx", random.next() as UInt64) }.joined()
        var assets: [String: (String, Data)] = [:]
        for (path, name, type) in [
            ("/", "review.html", "text/html; charset=utf-8"), ("/review.js", "review.js", "text/javascript; charset=utf-8"),
            ("/review.css", "review.css", "text/css; charset=utf-8"),
        ] {
            assets[path] = (type, try Data(contentsOf: try Resources.web(name)))
        }
        self.assets = assets
        server = try HTTPServer(port: port) { [unowned self] request in self.respond(request) }
    }

    /// Stops listening.
    public func stop() { server = nil }

    private func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard Self.same(request.argument("token") ?? request.header("X-Review-Token") ?? "", token) else {
            return .text(403, "forbidden: open the URL burn-captions review printed (it holds the token)")
        }
        do {
            switch (request.method, request.path) {
            case ("GET", "/"):
                // The page names its script and style sheet with the token, as it came.
                let page = String(decoding: assets["/"]!.data, as: UTF8.self).replacingOccurrences(of: "__TOKEN__", with: token)
                return .bytes(status: 200, contentType: assets["/"]!.type, Data(page.utf8))
            case ("GET", let path) where assets[path] != nil:
                return .bytes(status: 200, contentType: assets[path]!.type, assets[path]!.data)
            case ("GET", "/video"):
                return .file(path: video, contentType: Self.videoType(video))
            case ("GET", "/api/state"):
                return .json(200, try session.state())
            case ("GET", "/api/frame"):
                guard let time = request.argument("t").flatMap(Double.init), time.isFinite, time >= 0 else {
                    return .text(400, "t: expected seconds")
                }
                return .bytes(status: 200, contentType: "image/png", Data(try session.frame(at: time)))
            case ("POST", "/api/cue"):
                guard let id = request.argument("id").flatMap(Int.init),
                    let fields = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
                else { return .text(400, "expected ?id=N and a JSON object") }
                try session.edit(
                    id, text: fields["text"] as? String, start: (fields["start"] as? NSNumber)?.doubleValue,
                    end: (fields["end"] as? NSNumber)?.doubleValue)
                return .json(200, try session.cuesNow())
            case ("POST", "/api/split"):
                guard let id = request.argument("id").flatMap(Int.init),
                    let fields = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
                    let offset = (fields["at"] as? NSNumber)?.intValue
                else { return .text(400, "expected ?id=N and {\"at\": OFFSET}") }
                try session.split(id, at: offset)
                return .json(200, try session.cuesNow())
            case ("POST", "/api/merge"):
                guard let id = request.argument("id").flatMap(Int.init) else { return .text(400, "expected ?id=N") }
                try session.merge(id)
                return .json(200, try session.cuesNow())
            case ("POST", "/api/settings"):
                guard let fields = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
                    return .text(400, "expected a JSON object")
                }
                try session.choose(preset: fields["preset"] as? String, look: fields["look"] as? String)
                return .json(200, try session.cuesNow())
            case ("POST", "/api/render"):
                guard let fields = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
                    let output = fields["output"] as? String, !output.isEmpty
                else { return .text(400, "expected {\"output\": FILE}") }
                try session.startRender(to: output)
                return .json(200, try session.cuesNow())
            case ("POST", "/api/render/cancel"):
                session.cancelRender()
                return .json(200, try session.cuesNow())
            case ("POST", "/api/save"):
                let path = try session.save()
                return .json(200, try JSONSerialization.data(withJSONObject: ["savedTo": path]))
            default:
                return .text(404, "not found")
            }
        } catch let error as ReviewError {
            return .text(409, error.description)
        } catch let error as BurnError where error.exitCode == 2 {
            return .text(400, error.description)
        } catch {
            return .text(500, BurnError.wrap(error).description)
        }
    }

    private static func videoType(_ path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "webm": return "video/webm"
        case "mkv": return "video/x-matroska"
        case "mov": return "video/quicktime"
        default: return "video/mp4"
        }
    }

    /// Compares in time that does not depend on where the strings differ.
    private static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

import Foundation
import Pipeline
import Settings

/// The review page's routes, without a socket: who may ask (the token, and a `Host` that is
/// this server's, against DNS rebinding), what they ask (`ReviewCall`, every value checked)
/// and the answer. A bad request gets a 4xx answer and the session goes on. `ReviewServer`
/// serves it over HTTP; the `review` fuzz target drives it directly.
public final class ReviewAPI: @unchecked Sendable {
    public let session: ReviewSession
    private let token: String
    private let video: String
    private let assets: [String: (type: String, data: Data)]

    /// The headers of every answer: the page loads nothing but its own files, is never framed
    /// and sends no referrer (the token is in its URL).
    public static let headers: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; connect-src 'self'; "
                + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ),
        ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
    ]

    /// Routes for `session`, behind `token`, serving `video` and the page's files.
    public init(session: ReviewSession, token: String, video: String) throws {
        self.session = session
        self.token = token
        self.video = video
        var assets: [String: (String, Data)] = [:]
        for (path, name, type) in [
            ("/", "review.html", "text/html; charset=utf-8"), ("/review.js", "review.js", "text/javascript; charset=utf-8"),
            ("/review.css", "review.css", "text/css; charset=utf-8"),
        ] {
            assets[path] = (type, try Data(contentsOf: try Resources.web(name)))
        }
        self.assets = assets
    }

    /// A random token of 64 hexadecimal digits.
    public static func newToken() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%016llx", random.next() as UInt64) }.joined()
    }

    /// The refusal of a request from its head alone (before its body is read), or nil to go on:
    /// a `Host` other than `127.0.0.1:PORT` or `localhost:PORT`, or no token or a wrong one.
    public func admit(_ head: HTTPRequest) -> HTTPResponse? {
        let host = (head.header("Host") ?? "").lowercased()
        guard host == "127.0.0.1:\(head.port)" || host == "localhost:\(head.port)" else {
            return .text(403, "forbidden: the Host header must be 127.0.0.1:\(head.port) or localhost:\(head.port)")
        }
        guard Self.same(head.argument("token") ?? head.header("X-Review-Token") ?? "", token) else {
            return .text(403, "forbidden: open the URL burn-captions review printed (it holds the token)")
        }
        return nil
    }

    /// The answer to `request`, whole.
    public func respond(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = admit(request) { return refusal }
        do throws(HTTPRefusal) {
            return perform(try ReviewCall(request, assets: Set(assets.keys.filter { $0 != "/" })))
        } catch {
            return error.response
        }
    }

    /// Does `call`. A problem of the session (no such cue, a file changed on disk) is a 409; a
    /// bad value the session finds, a 400; anything else a 500 that names it.
    public func perform(_ call: ReviewCall) -> HTTPResponse {
        do {
            switch call {
            case .page:
                // The page names its script and style sheet with the token, as it came.
                let page = String(decoding: assets["/"]!.data, as: UTF8.self).replacingOccurrences(of: "__TOKEN__", with: token)
                return .bytes(status: 200, contentType: assets["/"]!.type, Data(page.utf8))
            case .asset(let path):
                guard let asset = assets[path] else { return .text(404, "not found") }
                return .bytes(status: 200, contentType: asset.type, asset.data)
            case .video:
                return .file(path: video, contentType: Self.videoType(video))
            case .state:
                return .json(200, try session.state())
            case .frame(let time):
                return .bytes(status: 200, contentType: "image/png", Data(try session.frame(at: time)))
            case .edit(let id, let text, let start, let end):
                try session.edit(id, text: text, start: start, end: end)
            case .split(let id, let offset):
                try session.split(id, at: offset)
            case .merge(let id):
                try session.merge(id)
            case .settings(let preset, let look):
                try session.choose(preset: preset, look: look)
            case .render(let output):
                try session.startRender(to: output)
            case .cancelRender:
                session.cancelRender()
            case .save:
                let path = try session.save()
                let cuts = session.cutsFile.map { ["cutsSavedTo": $0] } ?? [:]
                return .json(200, try JSONSerialization.data(withJSONObject: cuts.merging(["savedTo": path]) { a, _ in a }))
            case .reload:
                try session.reload()
            case .cuts:
                return .json(200, try session.cutList())
            case .setCut(let index, let cut):
                try session.setCut(index, cut: cut)
            }
            return .json(200, try session.cuesNow())
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

import CaptionFiles
import Captions
import Foundation
import Pipeline
import Settings

/// One request of the review page, checked: what it asks for, with every id, time, text and
/// JSON value in range. A request that is not one of these is refused with 400 (a bad value),
/// 404 (no such route) or 405 (a route of another method), and never reaches the session.
public enum ReviewCall: Equatable, Sendable {
    case page
    case asset(String)  // "/review.js", "/review.css"
    case video
    case state
    case frame(seconds: Double)
    case edit(id: Int, text: String?, start: Double?, end: Double?)  // seconds
    case split(id: Int, at: Int)  // UTF-16 offset into the cue's text
    case merge(id: Int)
    case settings(preset: String?, look: String?)  // look "": the preset's
    case render(output: String)
    case cancelRender
    case save
    case reload
    case cuts  // the cut file's spans
    case setCut(index: Int, cut: Bool)  // span `index` of the cut file cut, or kept

    /// The most text a cue takes from the page. // UTF-16 units, as a browser counts
    public static let maximumTextLength = 10_000
    /// The highest cue id a request may name (more cues than any caption file has).
    public static let maximumID = 99_999_999
    /// The longest output path. // bytes
    public static let maximumPathLength = 4096

    /// The call `request` makes; `assets` are the page's own files by path.
    public init(_ request: HTTPRequest, assets: Set<String>) throws(HTTPRefusal) {
        let routes: [String: String] = [
            "/": "GET", "/video": "GET", "/api/state": "GET", "/api/frame": "GET", "/api/cue": "POST", "/api/split": "POST",
            "/api/merge": "POST", "/api/settings": "POST", "/api/render": "POST", "/api/render/cancel": "POST",
            "/api/save": "POST", "/api/reload": "POST", "/api/cuts": "GET", "/api/cut": "POST",
        ]
        let method = assets.contains(request.path) ? "GET" : routes[request.path]
        guard let method else { throw HTTPRefusal(404, "not found") }
        guard request.method == method || (request.method == "HEAD" && method == "GET") else { throw HTTPRefusal(405, "\(request.path): use \(method)") }
        switch request.path {
        case "/": self = .page
        case "/video": self = .video
        case "/api/state": self = .state
        case "/api/frame":
            guard let text = request.argument("t"), let time = Double(text), time.isFinite,
                (0...CueFileEditor.maximumSeconds).contains(time)
            else { throw HTTPRefusal(400, "t: expected seconds from 0 to \(Int(CueFileEditor.maximumSeconds))") }
            self = .frame(seconds: time)
        case "/api/cue":
            let id = try Self.id(request)
            let fields = try RequestFields(request.body, allowed: ["text", "start", "end"])
            let text = try fields.string("text")
            let start = try fields.number("start", in: 0...CueFileEditor.maximumSeconds, unit: "seconds")
            let end = try fields.number("end", in: 0...CueFileEditor.maximumSeconds, unit: "seconds")
            guard text != nil || start != nil || end != nil else { throw HTTPRefusal(400, "expected text, start or end") }
            if let text { try Self.check(text) }
            self = .edit(id: id, text: text, start: start, end: end)
        case "/api/split":
            let id = try Self.id(request)
            let fields = try RequestFields(request.body, allowed: ["at"])
            guard let at = try fields.integer("at", in: 1...Self.maximumTextLength) else {
                throw HTTPRefusal(400, "expected {\"at\": OFFSET}")
            }
            self = .split(id: id, at: at)
        case "/api/merge": self = .merge(id: try Self.id(request))
        case "/api/settings":
            let fields = try RequestFields(request.body, allowed: ["preset", "look"])
            let preset = try fields.string("preset")
            let look = try fields.string("look")
            guard preset != nil || look != nil else { throw HTTPRefusal(400, "expected a preset or a look") }
            if let preset, !Resources.presetNames().contains(preset) { throw HTTPRefusal(400, "preset: no preset \"\(Self.shown(preset))\"") }
            if let look, !look.isEmpty, !Resources.lookNames().contains(look) { throw HTTPRefusal(400, "look: no look \"\(Self.shown(look))\"") }
            self = .settings(preset: preset, look: look)
        case "/api/render":
            let fields = try RequestFields(request.body, allowed: ["output"])
            guard let output = try fields.string("output"), !output.isEmpty, output.utf8.count <= Self.maximumPathLength,
                !output.unicodeScalars.contains(where: ControlCharacters.isUnprintable)
            else { throw HTTPRefusal(400, "expected {\"output\": FILE}, a path without control characters") }
            self = .render(output: output)
        case "/api/render/cancel": self = .cancelRender
        case "/api/save": self = .save
        case "/api/reload": self = .reload
        case "/api/cuts": self = .cuts
        case "/api/cut":
            let index = try Self.id(request, name: "index", what: "a cut number")
            let fields = try RequestFields(request.body, allowed: ["cut"])
            guard let cut = try fields.bool("cut") else { throw HTTPRefusal(400, "expected {\"cut\": true} or {\"cut\": false}") }
            self = .setCut(index: index, cut: cut)
        default: self = .asset(request.path)
        }
    }

    /// The cue the request names: `?id=N` (or the cut: `?index=N`), 0 the first.
    private static func id(_ request: HTTPRequest, name: String = "id", what: String = "a cue number") throws(HTTPRefusal) -> Int {
        guard let text = request.argument(name), (1...8).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
            let id = Int(text), id <= maximumID
        else { throw HTTPRefusal(400, "\(name): expected \(what) (0 the first)") }
        return id
    }

    /// A cue's new text: not too long, no control characters but line breaks and tabs.
    private static func check(_ text: String) throws(HTTPRefusal) {
        guard text.utf16.count <= maximumTextLength else {
            throw HTTPRefusal(400, "text: at most \(maximumTextLength) characters (\(text.utf16.count) given)")
        }
        // What a caption file's reader would remove; a line break may be CR LF.
        if let bad = text.unicodeScalars.first(where: { ControlCharacters.isControl($0) && $0 != "\r" }) {
            throw HTTPRefusal(400, "text: control character U+\(String(format: "%04X", bad.value)) is not caption text")
        }
    }

    /// A name as a message may show it: at most 40 characters, unprintable ones escaped.
    private static func shown(_ name: String) -> String {
        ControlCharacters.escaped(String(name.prefix(40)))
    }
}

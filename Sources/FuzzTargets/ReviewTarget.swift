import CaptionCases
import CaptionFiles
import Captions
import Foundation
import Pipeline
import Review

/// The review server's request handling (`ReviewAPI`) without a socket, on a session of the
/// sample's SubRip file. An input is up to 8 requests separated by NUL bytes, each written as
/// on the wire: `METHOD TARGET`, header lines, a blank line, the body; `TOKEN` and `PORT`
/// stand for the session's token and port, and a request without `Host` gets this server's.
/// Each input starts from the file as committed. What must hold: the answer is the one its
/// step allows (403 from the head; 400, 404 or 405 from the checks; 200, 400 or 409 from the
/// session, never 500); the session's cues keep finite times in order and text; and the
/// edited text (what Save writes), read back as a player reads it, holds exactly those cues (an edit never loses
/// a cue's text or makes one). Frames, renders and lint are checked but not run: they are
/// the renderer's, and slow.
enum ReviewTarget {
    static let port: UInt16 = 8123
    static let token = String(repeating: "5ec2e7", count: 10) + "abcd"

    private struct Setup {
        let api: ReviewAPI
        let file: URL
        let original: Data
        let assets: Set<String>
    }

    /// Set up on the first input; libFuzzer and XCTest call one input at a time, on one thread.
    private nonisolated(unsafe) static var setup: Setup?
    private nonisolated(unsafe) static var folder: String?

    private static func prepared() -> Setup {
        if let setup { return setup }
        do {
            let checkout = try CaptionCaseFile.checkout()
            // Saves are fsynced: on a memory file system where there is one.
            let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
            let root = URL(fileURLWithPath: base).appendingPathComponent("burn-captions-fuzz-review-\(getpid())")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            folder = root.path
            atexit { if let folder = ReviewTarget.folder { try? FileManager.default.removeItem(atPath: folder) } }
            setenv("TMPDIR", root.path, 1)
            let file = root.appendingPathComponent("talk.srt")
            let original = try Data(contentsOf: checkout.appendingPathComponent("Samples/talk.srt"))
            try original.write(to: file)
            let video = checkout.appendingPathComponent("Samples/talk.mp4").path
            let request = BurnRequest(input: .file(video), captions: CaptionInput(file: file.path), output: .none)
            let session = try ReviewSession(request)
            let api = try ReviewAPI(session: session, token: token, video: video)
            let made = Setup(api: api, file: file, original: original, assets: ["/review.js", "/review.css"])
            setup = made
            return made
        } catch {
            // Not a finding: the checkout's sample or page is missing.
            fatalError("cannot set up the review target: \(error)")
        }
    }

    /// What the inputs since the last reset changed: the cues or file, the preset or look.
    private nonisolated(unsafe) static var changed = (cues: false, settings: false)

    static func run(_ data: Data) {
        let setup = prepared()
        // From the file as committed, with the preset it opened with (unless nothing changed them).
        if changed.cues {
            if (try? Data(contentsOf: setup.file)) != setup.original { try? setup.original.write(to: setup.file) }
            require(setup.api.perform(.reload).status == 200, "the session does not reload")
        }
        if changed.settings { _ = setup.api.perform(.settings(preset: "tiktok", look: "")) }
        changed = (false, false)
        for part in data.split(separator: 0, maxSplits: 7, omittingEmptySubsequences: true) {
            handle(request(Data(part)), setup)
        }
    }

    private static func handle(_ request: HTTPRequest, _ setup: Setup) {
        if let refusal = setup.api.admit(request) {
            require(refusal.status == 403, "admission answered \(refusal.status)")
            return
        }
        let call: ReviewCall
        do throws(HTTPRefusal) {
            call = try ReviewCall(request, assets: setup.assets)
        } catch {
            require([400, 404, 405].contains(error.status), "the checks answered \(error.status): \(error.message)")
            return
        }
        switch call {
        case .frame, .render, .state: return  // the renderer's and lint's, checked above but not run here
        case .page, .asset, .video, .cancelRender, .cuts, .setCut: break  // no cut file here: 409
        case .settings: changed.settings = true
        case .edit, .split, .merge, .save, .reload: changed.cues = true
        }
        let response = setup.api.perform(call)
        require([200, 400, 409].contains(response.status), "\(call) answered \(response.status): \(text(of: response))")
        guard response.status == 200, case .bytes(_, _, let body) = response,
            let state = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let cues = state["cues"] as? [[String: Any]]
        else { return }
        check(cues, against: try? setup.api.session.editedText())
    }

    /// The session's cues are sound and are what the edited copy (the file as Save would
    /// write it) holds.
    private static func check(_ cues: [[String: Any]], against edited: Data?) {
        guard let data = edited, let read = try? CaptionReader.parse(data, file: "scratch.srt", format: .srt)
        else { return require(false, "the edited copy does not read back") }
        require(read.segments.count == cues.count, "the edited copy holds \(read.segments.count) cues, the session \(cues.count)")
        // As any player splits it: a block of lines between blank lines for each cue, no more.
        var blocks = 0
        var inBlock = false
        for line in String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let blank = line.allSatisfy(\.isWhitespace)
            if !blank && !inBlock { blocks += 1 }
            inBlock = !blank
        }
        require(blocks == cues.count, "the edited copy has \(blocks) blocks for \(cues.count) cues")
        for (cue, segment) in zip(cues, read.segments) {
            let start = (cue["start"] as? NSNumber)?.doubleValue ?? .nan
            let end = (cue["end"] as? NSNumber)?.doubleValue ?? .nan
            let text = cue["text"] as? String ?? ""
            require(start.isFinite && end.isFinite && 0 <= start && start < end, "cue times \(start) to \(end)")
            require(!text.allSatisfy(\.isWhitespace), "a cue without text")
            require(abs(segment.start - start) <= 0.0006 && abs(segment.end - end) <= 0.0006, "cue \(start)-\(end) reads back as \(segment.start)-\(segment.end)")
            // Markup and SubRip's ASS escapes are the reader's to interpret.
            if !text.contains(where: { "<>{}\\&".contains($0) }) {
                require(lines(segment.text) == lines(text), "cue text \(text.debugDescription) reads back as \(segment.text.debugDescription)")
            }
        }
    }

    /// The words of each line.
    private static func lines(_ text: String) -> [[Substring]] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(whereSeparator: \.isWhitespace) }
    }

    private static func text(of response: HTTPResponse) -> String {
        guard case .bytes(_, _, let body) = response else { return "a file" }
        return String(decoding: body.prefix(200), as: UTF8.self)
    }

    /// One request as written on the wire, with the placeholders filled in.
    static func request(_ data: Data) -> HTTPRequest {
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "TOKEN", with: token)
            .replacingOccurrences(of: "PORT", with: String(port))
        let (head, body) = text.range(of: "\n\n").map { (String(text[..<$0.lowerBound]), String(text[$0.upperBound...])) } ?? (text, "")
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.isEmpty ? [] : lines.removeFirst().split(separator: " ", maxSplits: 1)
        let target = first.count > 1 ? String(first[1]) : "/"
        let (path, query) = target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) } ?? (target, "")
        var arguments: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decoded(parts[0])
            if arguments[name] == nil { arguments[name] = parts.count > 1 ? decoded(parts[1]) : "" }
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        if headers["host"] == nil { headers["host"] = "127.0.0.1:\(port)" }
        return HTTPRequest(
            method: first.first.map(String.init) ?? "", path: decoded(Substring(path)), arguments: arguments, headers: headers,
            body: Data(body.utf8), port: port)
    }

    /// Percent-decoded, `+` as a space, as libmicrohttpd decodes a query.
    private static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

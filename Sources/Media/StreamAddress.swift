import Foundation

/// Where a live stream comes from or goes to: a network URL (RTMP, SRT, UDP), an HLS
/// playlist, a file, or capture devices (a camera, with a microphone, or a lavfi graph), with
/// the FFmpeg container and options each needs, and the form messages show (stream keys and
/// passphrases elided).
public struct StreamAddress: Sendable, Equatable, CustomStringConvertible {
    /// What kind of place it is.
    public enum Kind: String, Sendable {
        case rtmp, srt, udp, hls, file, capture
    }

    public let kind: Kind
    /// The URL or path as FFmpeg takes it; a capture input's lavfi graph.
    public let url: String
    /// A capture input's devices, pictures first (none for a `lavfi:` graph or another place).
    public let devices: [CaptureDevice]
    /// How messages show a capture input (as given); nil: the URL, redacted.
    private let label: String?

    /// Sorts `text`: `lavfi:GRAPH`, a capture device (`CaptureDevice`), a URL of a live
    /// protocol, a `.m3u8` path (HLS), or a file path. Throws a usage-style message for a URL
    /// of another protocol or a device with no name.
    public init(_ text: String) throws(StreamAddressError) {
        if text.lowercased().hasPrefix("lavfi:") {
            guard text.count > 6 else { throw StreamAddressError(address: text, problem: "no filter graph after lavfi:") }
            (kind, url, devices, label) = (.capture, String(text.dropFirst(6)), [], text)
            return
        }
        if let device = try CaptureDevice(text) {
            let graph = device.kind.isSound ? "" : CaptureDevice.graph(video: device, sound: nil)
            (kind, url, devices, label) = (.capture, graph, [device], text)
            return
        }
        (url, devices, label) = (text, [], nil)
        guard let scheme = Self.scheme(of: text) else {
            kind = text.lowercased().hasSuffix(".m3u8") ? .hls : .file
            return
        }
        switch scheme {
        case "rtmp", "rtmps": kind = .rtmp
        case "srt": kind = .srt
        case "udp": kind = .udp
        default:
            throw StreamAddressError(address: Self.redact(text), problem: "not a live protocol (rtmp://, rtmps://, srt://, udp://, an .m3u8 playlist or a file)")
        }
        guard URLComponents(string: text)?.host?.isEmpty == false else {
            throw StreamAddressError(address: Self.redact(text), problem: "no host in the URL")
        }
    }

    /// The URL's scheme, lowercased, when `text` is a URL (`scheme://`).
    private static func scheme(of text: String) -> String? {
        guard let range = text.range(of: "://"), let scheme = URLComponents(string: text)?.scheme else { return nil }
        return text[..<range.lowerBound].isEmpty ? nil : scheme.lowercased()
    }

    private init(capture video: CaptureDevice, sound: CaptureDevice, label: String) {
        (kind, devices, self.label) = (.capture, [video, sound], label)
        url = CaptureDevice.graph(video: video, sound: sound)
    }

    /// This camera's pictures with the sound of the device `text` names (`--audio-input`).
    public func adding(sound text: String) throws(StreamAddressError) -> StreamAddress {
        guard let sound = try CaptureDevice(text), sound.kind.isSound else {
            throw StreamAddressError(address: text, problem: "--audio-input takes a sound device: alsa:NAME or pulse:NAME")
        }
        guard devices.count == 1, let video = devices.first, !video.kind.isSound else {
            throw StreamAddressError(address: text, problem: "a sound device goes with a camera (v4l2:/dev/video0) as INPUT, not with \(redacted)")
        }
        return StreamAddress(capture: video, sound: sound, label: "\(redacted) with \(text)")
    }

    public var isNetwork: Bool { kind == .rtmp || kind == .srt || kind == .udp }
    /// Whether it is read as it comes (a network input or capture devices), not from a file.
    public var isLive: Bool { isNetwork || kind == .capture }
    /// How long the input may send nothing before it counts as lost (and, with `--reconnect`,
    /// the last frame is repeated while it is waited for): a sender that dies closes an RTMP
    /// connection, but on SRT and UDP it just goes quiet, and 1.5 s of no packet at all is
    /// no stream (at 30 fps: 45 frames; SRT's own limit, 5 s, would leave the output still
    /// that long). // seconds
    public var silenceSeconds: Double {
        switch kind {
        case .srt, .udp: return 1.5
        case .rtmp, .capture, .hls, .file: return 5
        }
    }

    /// Whether a lost input may come back and is waited for: a sender reconnecting, a camera
    /// plugged in again (a lavfi graph that ends has ended).
    public var mayComeBack: Bool { isNetwork || !devices.isEmpty }

    /// The address as messages show it: an RTMP stream key (the path past the application),
    /// SRT's passphrase and stream id, any user or password, and any `#` part elided.
    public var redacted: String { label ?? Self.redact(url) }
    public var description: String { redacted }

    static func redact(_ text: String) -> String {
        guard var parts = URLComponents(string: text), parts.scheme != nil else { return text }
        if parts.user != nil { parts.user = "…" }
        if parts.password != nil { parts.password = "…" }
        // A `#` ends the URL's query for URL parsers, though FFmpeg reads it as part of an SRT
        // stream id: whatever follows it is not shown.
        parts.fragment = nil
        if ["rtmp", "rtmps"].contains(parts.scheme?.lowercased() ?? "") {
            let pieces = parts.path.split(separator: "/", omittingEmptySubsequences: false)
            // "/app/key": the application stays, the key goes.
            if pieces.count > 2 { parts.path = pieces.prefix(2).joined(separator: "/") + "/…" }
        }
        parts.queryItems = parts.queryItems?.map { item in
            ["passphrase", "streamid", "key", "token"].contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "…") : item
        }
        return parts.string?.replacingOccurrences(of: "%E2%80%A6", with: "…") ?? text
    }

    /// The value of the URL's query parameter `name`.
    func query(_ name: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }

    /// The container FFmpeg reads a live input in (nil: probed, for a file; an HLS playlist is
    /// no live input, `LiveRequest.usageProblem`).
    var inputFormat: String? {
        switch kind {
        case .rtmp: return "flv"
        case .srt, .udp: return "mpegts"
        case .capture: return "lavfi"
        case .hls, .file: return nil
        }
    }

    /// Options for opening the input: an RTMP address is listened on (the sender publishes
    /// to us), SRT listens unless the URL says `mode=caller`, UDP keeps going when its
    /// buffer overruns; every network input is probed briefly and not buffered.
    var inputOptions: [(String, String)] {
        var options: [(String, String)] = []
        switch kind {
        case .rtmp: options = [("listen", "1"), ("tcp_nodelay", "1")]
        case .srt:
            if query("mode") == nil { options.append(("mode", "listener")) }
            options += [("transtype", "live")]
        case .udp: options = [("overrun_nonfatal", "1"), ("fifo_size", "100000"), ("buffer_size", "4194304")]
        case .capture: break
        case .hls, .file: return []
        }
        return options + [("probesize", "500000"), ("analyzeduration", "500000")]
    }

    /// The container written to the address: FLV for RTMP, MPEG-TS for SRT and UDP, HLS for a
    /// playlist; nil for a file (from its extension).
    var outputFormat: String? {
        switch kind {
        case .rtmp: return "flv"
        case .srt, .udp: return "mpegts"
        case .hls: return "hls"
        case .file, .capture: return nil
        }
    }

    /// Options for opening the output's connection (avio).
    var connectionOptions: [(String, String)] {
        switch kind {
        case .rtmp: return [("tcp_nodelay", "1")]
        case .srt: return (query("mode") == nil ? [("mode", "caller")] : []) + [("transtype", "live"), ("pkt_size", "1316")]
        case .udp: return query("pkt_size") == nil ? [("pkt_size", "1316")] : []
        case .hls, .file, .capture: return []
        }
    }

    /// Options for the muxer: packets leave at once (no 10 s interleaving wait, no 0.7 s
    /// MPEG-TS delay); FLV writes no duration to seek back for; HLS cuts 2 s segments, keeps
    /// the last 6 and writes each under a temporary name first.
    var muxerOptions: [(String, String)] {
        var options: [(String, String)] = [("max_interleave_delta", "500000")]
        switch kind {
        case .rtmp: options += [("flvflags", "no_duration_filesize")]
        // Each video packet's PES has its length, so a reader need not wait for the next one.
        case .srt, .udp: options += [("max_delay", "100000"), ("omit_video_pes_length", "0")]
        case .hls:
            let base = (url as NSString).deletingPathExtension
            options += [
                ("hls_time", "2"), ("hls_list_size", "6"), ("hls_flags", "delete_segments+independent_segments+temp_file"),
                ("hls_segment_filename", base + "_%05d.ts"),
            ]
        case .file, .capture: break
        }
        return options
    }
}

/// An address that is not a live input or output, with why.
public struct StreamAddressError: Error, Sendable, CustomStringConvertible {
    public let address: String
    public let problem: String
    public var description: String { "\(address): \(problem)" }
}

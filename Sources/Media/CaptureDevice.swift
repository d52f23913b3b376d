import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// A capture device a live stream starts from, as the command line names it: a V4L2 camera
/// (`/dev/video0`, `v4l2:/dev/video0?video_size=1280x720&framerate=30&input_format=mjpeg`) or
/// a sound source (`alsa:hw:1`, `pulse:default`), the query holding the options of FFmpeg's
/// input device for it.
public struct CaptureDevice: Sendable, Equatable {
    /// FFmpeg's input device that reads it.
    public enum Kind: String, Sendable {
        case v4l2, alsa, pulse

        /// Whether it gives sound (ALSA, PulseAudio) rather than pictures (V4L2).
        public var isSound: Bool { self != .v4l2 }
    }

    /// One option of the input device (`video_size`, `framerate`, `sample_rate`, …).
    public struct Option: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            (self.name, self.value) = (name, value)
        }
    }

    public let kind: Kind
    /// The device as its input device takes it (`/dev/video0`, `hw:1`, `default`).
    public let name: String
    /// The query's options, in the order given.
    public let options: [Option]

    /// `text` as a capture device: `KIND:NAME[?OPTION=VALUE&…]`, or a path under `/dev/video`;
    /// nil when it names none. Throws when it is one with no name.
    public init?(_ text: String) throws(StreamAddressError) {
        if text.hasPrefix("/dev/video") {
            (kind, name, options) = (.v4l2, text, [])
            return
        }
        guard let colon = text.firstIndex(of: ":"), let kind = Kind(rawValue: String(text[..<colon]).lowercased()) else {
            return nil
        }
        // The query is parsed by Foundation; the name is everything before it (an ALSA name
        // has colons and commas of its own: `plughw:CARD=PCH,DEV=0`).
        let rest = text[text.index(after: colon)...]
        let query = rest.firstIndex(of: "?")
        let name = String(rest[..<(query ?? rest.endIndex)])
        guard !name.isEmpty else {
            throw StreamAddressError(address: text, problem: "no device after \(kind.rawValue): (\(Self.example(kind)))")
        }
        var options: [Option] = []
        if let query {
            guard let items = URLComponents(string: "?" + rest[rest.index(after: query)...])?.queryItems else {
                throw StreamAddressError(address: text, problem: "the options after ? are not NAME=VALUE&…")
            }
            for item in items {
                guard let value = item.value, !item.name.isEmpty else {
                    throw StreamAddressError(address: text, problem: "option \"\(item.name)\" has no value (NAME=VALUE)")
                }
                options.append(Option(name: item.name, value: value))
            }
        }
        (self.kind, self.name, self.options) = (kind, name, options)
    }

    private static func example(_ kind: Kind) -> String {
        switch kind {
        case .v4l2: return "v4l2:/dev/video0"
        case .alsa: return "alsa:hw:1, alsa:default"
        case .pulse: return "pulse:default"
        }
    }

    /// The lavfi graph that reads `video` (its pictures on `out0`) and, when given, `sound`
    /// (on `out1`), each decoded by a `movie`/`amovie` source with its input device and
    /// options; both on the wall clock (a V4L2 camera's monotonic times are moved onto it,
    /// as ALSA's and PulseAudio's are), so that lavfi interleaves them by time. Every name and
    /// value is escaped for the three levels it passes (FFmpeg's `av_escape`).
    public static func graph(video: CaptureDevice, sound: CaptureDevice?) -> String {
        var sources = [video.source(filter: "movie", output: "out0", wallClock: sound != nil)]
        if let sound { sources.append(sound.source(filter: "amovie", output: "out1", wallClock: false)) }
        return sources.joined(separator: ";")
    }

    /// Its source in the graph, on `output`.
    private func source(filter: String, output: String, wallClock: Bool) -> String {
        var deviceOptions = options
        if wallClock && !options.contains(where: { $0.name == "ts" || $0.name == "timestamps" }) {
            deviceOptions.append(Option(name: "ts", value: "mono2abs"))
        }
        return Self.source(filter: filter, format: kind.rawValue, name: name, options: deviceOptions, output: output)
    }

    /// `FILTER=ARGUMENTS[OUTPUT]`: the `movie` or `amovie` source reading `name` with the input
    /// format `format` and its `options`, the arguments escaped for the graph.
    static func source(filter: String, format: String, name: String, options: [Option], output: String) -> String {
        // The options as a dictionary string (`name=value:name=value`), then as the value of
        // the filter's `format_opts`.
        let dictionary = options.map { escape($0.name, "=:") + "=" + escape($0.value, "=:") }.joined(separator: ":")
        // One decoding thread: frame threads would hold a camera's MJPEG or H.264 frames back.
        var arguments = ["filename=" + escape(name, ":"), "f=" + format, "dec_threads=1"]
        if !dictionary.isEmpty { arguments.append("format_opts=" + escape(dictionary, ":")) }
        return filter + "=" + escape(arguments.joined(separator: ":"), "[],;") + "[\(output)]"
    }

    /// `text` with backslashes before `special`, quotes, backslashes and edge spaces.
    static func escape(_ text: String, _ special: String) -> String {
        var escaped: UnsafeMutablePointer<CChar>?
        guard av_escape(&escaped, text, special, AV_ESCAPE_MODE_BACKSLASH, 0) >= 0, let escaped else { return text }
        defer { av_free(escaped) }
        return String(cString: escaped)
    }
}

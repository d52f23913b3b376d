/// An input probed once: what it holds (`info`), and the probe's demuxer, handed to the first
/// pass that reads packets; a later pass (the video after the audio) opens its own.
public final class MediaInput {
    public let info: InputInfo
    private var probe: Demuxer?
    private let hasFile: Bool
    /// A live input is read once: there is no second pass from its start.
    private var isLive = false

    /// Opens and probes `path` for `use`; read for its pictures, fails naming the file when it
    /// has no video that can be captioned.
    public init(path: String, use: InputUse = .pictures) throws {
        let demuxer = try Demuxer(path: path)
        info = try InputInfo(demuxer, use: use)
        probe = demuxer
        hasFile = true
        MediaCounters.add(\.inputsProbed)
    }

    /// Opens a live input (`Demuxer(live:watch:)`) and probes it for its pictures.
    public init(live address: StreamAddress, watch: InterruptWatch) throws {
        let demuxer = try Demuxer(live: address, watch: watch)
        info = try InputInfo(demuxer, use: .pictures)
        probe = demuxer
        hasFile = true
        isLive = true
        MediaCounters.add(\.inputsProbed)
    }

    /// A frame with no file behind it (`lint` without a video): captions can be planned on
    /// it, nothing can be read from it.
    public init(frame info: InputInfo) {
        self.info = info
        hasFile = false
    }

    /// A demuxer at the start of the file: the probe's the first time, a new one after.
    func demuxer() throws -> Demuxer {
        guard hasFile else { throw MediaError.noVideoStream(file: info.path) }
        if let probe {
            self.probe = nil
            return probe
        }
        if isLive { throw MediaError.unsupported(file: info.path, message: "a live input is read once") }
        return try Demuxer(path: info.path)
    }
}

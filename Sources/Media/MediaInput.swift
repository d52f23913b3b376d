/// An input probed once: what it holds (`info`), and the probe's demuxer, handed to the first
/// pass that reads packets; a later pass (the video after the audio) opens its own.
public final class MediaInput {
    public let info: InputInfo
    private var probe: Demuxer?

    /// Opens and probes `path`; fails naming the file when it has no video that can be captioned.
    public init(path: String) throws {
        let demuxer = try Demuxer(path: path)
        info = try InputInfo(demuxer)
        probe = demuxer
        MediaCounters.add(\.inputsProbed)
    }

    /// A demuxer at the start of the file: the probe's the first time, a new one after.
    func demuxer() throws -> Demuxer {
        if let probe {
            self.probe = nil
            return probe
        }
        return try Demuxer(path: info.path)
    }
}

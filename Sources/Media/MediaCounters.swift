import Synchronization

/// Process-wide counts of what Media did, for tests that check a command does only the work
/// it needs (`plan` decodes no video, `still` starts no decode-ahead thread, the review page
/// probes its video and decodes its audio once).
public enum MediaCounters {
    public struct Counts: Sendable, Equatable {
        public var inputsProbed = 0  // inputs analysed for `InputInfo`
        public var inputsOpened = 0  // demuxers opened, the probe's included
        public var videoFramesDecoded = 0
        public var decodeThreadsStarted = 0  // the render's decode-ahead threads
        public var audioTracksDecoded = 0  // audio streams decoded through for their samples (the timing fix's envelope)
        public var cutSeeks = 0  // seeks over a long cut in a cut render (`KeptFrames`)

        public init(
            inputsProbed: Int = 0, inputsOpened: Int = 0, videoFramesDecoded: Int = 0, decodeThreadsStarted: Int = 0,
            audioTracksDecoded: Int = 0, cutSeeks: Int = 0
        ) {
            self.inputsProbed = inputsProbed
            self.inputsOpened = inputsOpened
            self.videoFramesDecoded = videoFramesDecoded
            self.decodeThreadsStarted = decodeThreadsStarted
            self.audioTracksDecoded = audioTracksDecoded
            self.cutSeeks = cutSeeks
        }

        /// What was counted since `earlier`.
        public func since(_ earlier: Counts) -> Counts {
            Counts(
                inputsProbed: inputsProbed - earlier.inputsProbed, inputsOpened: inputsOpened - earlier.inputsOpened,
                videoFramesDecoded: videoFramesDecoded - earlier.videoFramesDecoded,
                decodeThreadsStarted: decodeThreadsStarted - earlier.decodeThreadsStarted,
                audioTracksDecoded: audioTracksDecoded - earlier.audioTracksDecoded, cutSeeks: cutSeeks - earlier.cutSeeks)
        }
    }

    private static let counts = Mutex(Counts())

    /// The counts so far.
    public static var current: Counts { counts.withLock { $0 } }

    static func add(_ counter: WritableKeyPath<Counts, Int>, _ count: Int = 1) {
        counts.withLock { $0[keyPath: counter] += count }
    }
}

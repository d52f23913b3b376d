import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The video side of a cut render, on the decoding thread (`DecodeAhead`): which decoded
/// frames are kept, their timestamps on the cut timeline, and when to seek over a long cut.
///
/// A kept frame's pts is shifted by the time cut before its range, in the stream's time
/// base: each range's edges are rounded to ticks once, and the shift is an integer sum of
/// ticks, so no error builds up over any number of cuts.
struct KeptFrames {
    let kept: KeptRanges
    /// A split render's segment (source timeline): only its frames are kept, and reading
    /// ends once the frames left to keep lie past it.
    private let window: SegmentRange?
    private let frameDuration: Double  // seconds
    private let tick: Double  // seconds per tick of the video's time base
    /// Ticks to subtract from each range's frames.
    private let shifts: [Int64]
    /// The audio streams, with their time base and timeline start, whose reading the seek
    /// waits for (`heard`).
    private let audio: [Int32: (seconds: Double, offset: Int64)]
    /// How far each audio stream has been read. // seconds from the timeline start
    private var audioReached: [Int32: Double] = [:]
    /// The source time of the last frame kept: a frame at or before it (decoded again after a
    /// seek landed early) is not kept twice. // seconds
    private var lastKept = -Double.infinity
    /// The cut-timeline pts given last: each is later (edges not quite on a frame's time
    /// could otherwise give two frames one pts, which an encoder refuses).
    private var lastPTS = Int64.min
    /// The range whose start was sought last: each cut is sought over at most once.
    private var soughtRange = -1
    /// A seek wanted: to this time (seconds), for range `range`.
    private var wanted: (range: Int, time: Double)?
    /// Whether a frame past the last range has been decoded.
    private var pastLast = false

    /// Seek when the cut still runs this long. Measured on Samples/talk.mp4 (1080x1920
    /// H.264, keyframes every 1.5-2 s, one decoder thread as a render gives it on 2 cores):
    /// decoding costs 2.8-3.5 ms a frame; `av_seek_frame` and the decoder's flush 0.05 ms; a
    /// seek until its first frame is decoded 9-10 ms, about 3 frames' decoding
    /// (`seekCost`). Decoding from the keyframe costs what decoding through costs, so a seek
    /// saves the frames between the current one and the keyframe before the target: none
    /// unless the cut reaches past the seek's lead and the next keyframe, which in files
    /// with keyframes every 1-2 s it rarely does below 1 s; over a 5 s cut it saves about
    /// 3.5 s of decoding (100 frames, 0.3 s of one core). Where the index says where the
    /// keyframe is, a seek that would save less than `seekCost` is not made
    /// (`VideoSource.skip`). // seconds
    static let seekThreshold = 1.0
    /// What a seek costs beyond the decoding from its keyframe: about 3 frames at 30 fps
    /// (above). // seconds
    static let seekCost = 0.1
    /// How far before the next kept start the seek lands: audio is interleaved up to about
    /// half a second away from the video in common files, and the join's crossfade needs the
    /// audio from just before the start. // seconds
    static let seekLead = 0.5

    /// The cut timeline of `source`'s video for `kept`; with a `window` (a part of a split
    /// render, read without its audio), only the frames of that segment, each with the
    /// timestamp the whole cut render gives it.
    init(kept: KeptRanges, source: VideoSource, window: SegmentRange? = nil) {
        self.kept = kept
        self.window = window
        let timeBase = source.timeBase
        tick = av_q2d(timeBase)
        frameDuration = 1 / max(1, source.frameRate)
        var shifts: [Int64] = []
        var before: Int64 = 0  // ticks kept before the range
        for range in kept.ranges {
            let start = Int64((range.start / tick).rounded())
            shifts.append(start - before)
            before += Int64((range.end / tick).rounded()) - start
        }
        self.shifts = shifts
        var audio: [Int32: (Double, Int64)] = [:]
        let demuxer = source.demuxer
        for index in 0..<demuxer.streamCount where window == nil {
            let stream = demuxer.stream(index).pointee
            guard stream.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO else { continue }
            let timeBase = stream.time_base
            audio[Int32(index)] = (av_q2d(timeBase), demuxer.timelineOffset(in: timeBase))
        }
        self.audio = audio
    }

    /// The cut timeline's pts of the frame at `pts` (the video's time base, from the timeline
    /// start) and `time` (seconds); nil when it lies in a cut, and then a seek may be wanted.
    mutating func place(_ pts: Int64, at time: Double) -> Int64? {
        if let window, !window.holds(time, frameDuration: frameDuration) {
            if let end = window.end, time >= end - frameDuration / 2 { pastLast = true }
            return nil
        }
        guard time > lastKept, let index = kept.index(holding: time, frameDuration: frameDuration) else {
            if time > lastKept { wantSeek(from: time) }
            if time >= kept.ranges[kept.ranges.count - 1].end - frameDuration / 2 { pastLast = true }
            return nil
        }
        lastKept = time
        lastPTS = max(pts - shifts[index], lastPTS == Int64.min ? Int64.min : lastPTS + 1)
        return lastPTS
    }

    /// Whether the frame at `time` (seconds) is surely cut: more than a frame and a half from
    /// every kept range. Its decoding can be skipped when no other frame refers to it.
    func drops(at time: Double) -> Bool {
        let margin = 1.5 * frameDuration
        return !kept.ranges.contains { time >= $0.start - margin && time < $0.end + margin }
    }

    /// A time on the cut timeline, in seconds, of a pts `place` gave.
    func seconds(_ pts: Int64) -> Double { Double(pts) * tick }

    /// Records how far an audio stream has been read (a packet of stream `index` at `pts`).
    mutating func heard(stream index: Int32, pts: Int64) {
        guard let stream = audio[index], pts != AVCode.noPTS else { return }
        audioReached[index] = Double(pts - stream.offset) * stream.seconds
    }

    /// Whether the reading is done: a frame past the last range has come, and every audio
    /// stream has been read past its end. The rest of the file is not read.
    var isDone: Bool { pastLast && heard(upTo: kept.ranges[kept.ranges.count - 1].end) }

    /// Whether every audio stream has been read up to `time` (seconds).
    private func heard(upTo time: Double) -> Bool {
        audio.keys.allSatisfy { (audioReached[$0] ?? -.infinity) >= time }
    }

    /// The seek wanted, if any (seconds from the timeline start); asked once.
    mutating func seek() -> Double? {
        defer { wanted = nil }
        return wanted?.time
    }

    /// Wants a seek from the cut frame at `time` when the cut runs on for longer than the
    /// threshold and the audio before it (up to the end of the range before, with half its
    /// join's crossfade) has been read.
    private mutating func wantSeek(from time: Double) {
        // A segment whose frames left to keep lie past its end is done.
        if let end = window?.end, let next = kept.next(after: time), kept.ranges[next].start >= end - frameDuration / 2 {
            pastLast = true
            return
        }
        guard wanted == nil, let next = kept.next(after: time), next > soughtRange,
            kept.ranges[next].start - time > Self.seekThreshold
        else { return }
        if next > 0 {
            guard heard(upTo: kept.ranges[next - 1].end + kept.fade(before: next) / 2) else { return }
        }
        soughtRange = next
        wanted = (next, max(0, kept.ranges[next].start - Self.seekLead))
    }
}

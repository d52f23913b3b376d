import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Imaging

/// The render thread's half of a transcode, the hot path: each decoded frame gets every
/// output's caption, waits in `held` for its turn, then is composited and encoded into each
/// output in turn; packets of the other streams go to every output that writes a file. An
/// output that fails is left, with its error, and the others go on.
struct FrameFanOut {
    private(set) var outputs: [OutputState]
    /// Frames waiting for their turn (a captioned frame the decoder still references).
    let held: HeldFrames
    /// Frames composited and encoded (or dropped) so far.
    private(set) var frames = 0
    private let width: Int  // pixels
    private let height: Int  // pixels
    private let bytesPerSample: Int
    private let matrix: ColorMatrix
    private let fullRange: Bool
    private let bitDepth: Int
    private let range: DynamicRange
    private let chroma: ChromaLayout
    /// 10-bit frames are blended in 10 bits, then brought to an 8-bit encoder's depth in one
    /// reused frame.
    private let narrowing: Narrowing?
    /// A copy of a frame the decoder still references, kept for reuse.
    private var spare: Frame?
    /// The captions' box as decoded, while another output comes after one that drew on it.
    private var saved = SavedRegion()
    /// A packet's reference for each output but the last.
    private let shared: Packet
    private let path: String  // the input, named in errors

    /// The fan-out of `source`'s frames (`width` x `height`, upright) to `outputs`; `heldDepth`
    /// overrides how many captioned frames may wait for the decoder (0 for a live stream: a
    /// frame the decoder references is copied at once instead of waiting).
    init(outputs: [OutputState], source: VideoSource, width: Int, height: Int, path: String, heldDepth: Int? = nil) throws {
        self.outputs = outputs
        self.width = width
        self.height = height
        self.path = path
        bytesPerSample = source.bitDepth > 8 ? 2 : 1
        held = HeldFrames(depth: heldDepth ?? HeldFrames.depth(width: width, height: height, bytesPerSample: bytesPerSample))
        shared = try Packet()
        matrix = ColorMatrix(source.colors.space, width: width, height: height)
        fullRange = source.colors.range == AVCOL_RANGE_JPEG
        bitDepth = source.bitDepth
        range = source.setup.dynamicRange
        chroma = source.chroma
        narrowing =
            try outputs.contains(where: \.narrows)
            ? Narrowing(width: source.width, height: source.height, matrix: matrix, fullRange: fullRange, path: path) : nil
    }

    /// Output `index`, which failed, writes to `sink` from the next frame on (a live stream's
    /// connection made again).
    mutating func revive(_ index: Int, sink: BurnedOutput) {
        outputs[index].failure = nil
        outputs[index].sink = sink
    }

    /// Whether every output has failed: nothing is left to write to.
    var allFailed: Bool { outputs.allSatisfy { $0.failure != nil } }

    /// A decoded frame: each output's caption is looked up, then it waits in `held` for its turn.
    mutating func accept(_ frame: Frame, time: Double, timer: StageTimer) {
        let captions = timer.measure(.captions) {
            outputs.indices.map { index -> YUVOverlay? in
                guard outputs[index].failure == nil else { return nil }
                do {
                    return try outputs[index].caption(
                        at: time, matrix: matrix, fullRange: fullRange, bitDepth: bitDepth, range: range, chroma: chroma)
                } catch {
                    outputs[index].fail(error)
                    return nil
                }
            }
        }
        held.push(frame, time: time, captions: captions)
    }

    /// Composites and encodes the frames whose turn has come (all of them: `all`), each given
    /// back to `ahead` after; every 15 frames, `progress` hears how many and the time of the
    /// last (seconds).
    mutating func release(all: Bool, to ahead: DecodeAhead, timer: StageTimer, progress: (Int, Double) -> Void) throws {
        while let next = held.next(all: all) {
            try composite(next, timer: timer)
            ahead.recycle(next.frame)
            frames += 1
            if frames % 15 == 0 { progress(frames, next.time) }
        }
    }

    /// What the outputs of one frame share while it is drawn for each in turn.
    private struct Drawing {
        var picture: UnsafeMutablePointer<AVFrame>
        /// The area around every output's caption. // pixels
        let area: SavedRegion.Area
        /// Whether the picture as decoded was narrowed once for every 8-bit output.
        let narrowedOnce: Bool
        /// The last output drawn for: no output after it needs the picture as decoded.
        let last: Int?
        /// Drawn on by an output before: the box is put back first.
        var drawnOn = false
        var boxSaved = false
    }

    /// Composites `next` for each live output in turn and encodes it there. A frame is drawn
    /// on in place; when another output comes after, the captions' box is kept first and put
    /// back before it.
    private mutating func composite(_ next: HeldFrames.Entry, timer: StageTimer) throws {
        var picture = next.frame.pointer
        let live = outputs.indices.filter { outputs[$0].failure == nil }
        if live.contains(where: { next.captions[$0] != nil }) && !next.frame.isWritable { picture = try copy(next.frame) }
        // The captions' area matters only when another output comes after one.
        let area =
            live.count > 1
            ? SavedRegion.Area(
                around: live.compactMap { next.captions[$0].map { ($0.x, $0.y, $0.width, $0.height) } },
                frameWidth: width, frameHeight: height) : SavedRegion.Area()
        // 10-bit frames for several outputs: the picture as decoded is narrowed once, and
        // each captioned output's area again.
        let narrowedOnce = narrowing != nil && live.filter({ outputs[$0].narrows }).count > 1
        if narrowedOnce { _ = try timer.measure(.composite) { try narrowing!.convert(picture) } }
        var drawing = Drawing(picture: picture, area: area, narrowedOnce: narrowedOnce, last: live.last)
        // Closed captions: each output's own, else the input's (outputs may share the picture).
        let inputCaptions = ClosedCaptionData.read(next.frame.pointer)
        let setsCaptions = inputCaptions != nil || live.contains { outputs[$0].closedCaptions != nil }
        for index in live {
            do {
                let target = try timer.measure(.composite) { try draw(next, for: index, on: &drawing) }
                if let sink = outputs[index].sink {
                    // Frame types come from the input's encoder; x264 chooses its own.
                    target.pointee.pict_type = AV_PICTURE_TYPE_NONE
                    let output = outputs[index]
                    let captions = output.closedCaptions?(next.time) ?? (output.keepsInputCaptions ? inputCaptions : nil)
                    if setsCaptions { try ClosedCaptionData.set(target, to: captions, file: path) }
                    try sink.encode(target, timer: timer)
                }
            } catch {
                outputs[index].fail(error)
            }
        }
    }

    /// The picture output `index` encodes: the frame as decoded (put back where an output
    /// before drew on it) with its caption blended, narrowed to 8 bits when it takes that.
    private mutating func draw(
        _ next: HeldFrames.Entry, for index: Int, on drawing: inout Drawing
    ) throws -> UnsafeMutablePointer<AVFrame> {
        if drawing.drawnOn {
            drawing.picture = try writable(drawing.picture, frame: next.frame)
            saved.restore(into: drawing.picture, bytesPerSample: bytesPerSample)
            drawing.drawnOn = false
        }
        if let caption = next.captions[index] {
            // Outputs after this one need the picture as decoded.
            if index != drawing.last {
                if !drawing.boxSaved {
                    saved.save(drawing.picture, area: drawing.area, bytesPerSample: bytesPerSample)
                    drawing.boxSaved = true
                }
                drawing.drawnOn = true
            }
            Compositor.blend(caption, into: drawing.picture)
            outputs[index].captionedFrames += 1
        }
        guard let narrowing, outputs[index].narrows else { return drawing.picture }
        if !drawing.narrowedOnce { return try narrowing.convert(drawing.picture) }
        if next.captions[index] != nil { return try narrowing.convert(drawing.picture, area: drawing.area) }
        return try narrowing.unchanged()
    }

    /// A packet of another stream, for every output that writes a file. A muxer takes the
    /// packet it writes: each output but the last gets a reference.
    mutating func passOn(_ packet: Packet, timer: StageTimer) {
        let sinks = outputs.indices.filter { outputs[$0].sink != nil }
        for index in sinks {
            do {
                try timer.measure(.mux) {
                    if index == sinks.last {
                        try outputs[index].sink!.passOn(packet)
                    } else {
                        try shared.refer(to: packet)
                        try outputs[index].sink!.passOn(shared)
                    }
                }
            } catch {
                outputs[index].fail(error)
            }
        }
    }

    /// The decoding thread sought over a cut: every output's audio decoders start afresh.
    func restartAudio() {
        for output in outputs { output.sink?.restartAudio() }
    }

    /// Flushes every live output's encoder and completes its file.
    mutating func finish(timer: StageTimer) {
        for index in outputs.indices where outputs[index].failure == nil {
            do {
                try outputs[index].sink?.finish(timer: timer)
            } catch {
                outputs[index].fail(error)
            }
        }
    }

    /// What each output did (or why it failed), with the render's `stages`.
    func summaries(stages: StageTimes) -> [Result<TranscodeSummary, Error>] {
        outputs.map { output in
            if let failure = output.failure { return .failure(failure) }
            return .success(
                TranscodeSummary(
                    frames: frames, captionedFrames: output.captionedFrames, copiedStreams: output.sink?.copiedStreams ?? 0,
                    copiedFrames: held.copied, stages: stages, width: width, height: height))
        }
    }

    /// `picture` when it may be drawn on again after an encoder had it; else a copy in `spare`
    /// (an encoder that keeps a reference to the frame it was given).
    private mutating func writable(_ picture: UnsafeMutablePointer<AVFrame>, frame: Frame) throws -> UnsafeMutablePointer<AVFrame> {
        guard av_frame_is_writable(picture) == 0 else { return picture }
        if let spare, spare.pointer == picture {
            try MediaError.check(av_frame_make_writable(picture), "av_frame_make_writable", file: path)
            return picture
        }
        return try copy(frame)
    }

    /// A copy of `frame` in `spare`, for a frame the decoder still references (reference
    /// pictures must not be drawn on).
    private mutating func copy(_ frame: Frame) throws -> UnsafeMutablePointer<AVFrame> {
        let f = frame.pointer
        if spare == nil {
            spare = try Frame.picture(
                width: Int(f.pointee.width), height: Int(f.pointee.height), format: AVPixelFormat(rawValue: f.pointee.format),
                file: path)
        }
        let s = spare!.pointer
        try MediaError.check(av_frame_make_writable(s), "av_frame_make_writable", file: path)
        try MediaError.check(av_frame_copy(s, f), "av_frame_copy", file: path)
        Frame.copyProperties(from: f, to: s)
        return s
    }
}

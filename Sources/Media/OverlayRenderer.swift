import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Files
import Foundation
import Imaging

/// Renders the captions alone, for an editor to lay over the original: one picture per
/// frame of the input, at the input's size and timestamps, transparent where there is no
/// caption, no source pixels and no audio. The input is decoded for its frames' times only.
public final class OverlayRenderer {
    private let source: VideoSource
    private let info: InputInfo

    /// Opens the decoder for the probed `input`; nothing is decoded or written yet.
    public init(input: MediaInput) throws {
        info = input.info
        source = try VideoSource(input, decoderThreads: 0)
    }

    /// Renders every one of `outputs` from one decode. An output that fails is left, with
    /// its error, and the others go on; `progress` as `Transcoder.run`'s.
    public func run(
        outputs: [RenderOutput<OverlayTarget>], progress: (TranscodeProgress) -> Void = { _ in }, isCancelled: () -> Bool = { false }
    ) throws -> [Result<TranscodeSummary, Error>] {
        let timer = StageTimer()
        let matrix = ColorMatrix(source.colors.space, width: info.width, height: info.height)
        let fullRange = source.colors.range == AVCOL_RANGE_JPEG
        var sinks: [Result<OverlaySink, Error>] = outputs.map { output in
            Result {
                try OverlaySink(
                    target: output.target, source: source, matrix: matrix, fullRange: fullRange,
                    range: source.setup.dynamicRange)
            }
        }
        var captioned = [Int](repeating: 0, count: outputs.count)
        var frames = 0
        // Every output failed to open: nothing is decoded.
        let failures = sinks.compactMap { result -> Error? in
            if case .failure(let error) = result { return error }
            return nil
        }
        if failures.count == sinks.count { return failures.map { .failure($0) } }
        try source.readFrames(going: { !isCancelled() }) { frame in
            let time = source.seconds(frame)
            let pts = frame.pointer.pointee.pts
            for index in outputs.indices {
                guard case .success(let sink) = sinks[index] else { continue }
                do {
                    let overlay = try timer.measure(.captions) { try outputs[index].overlay(time) }
                    if overlay != nil { captioned[index] += 1 }
                    try sink.write(overlay, pts: pts, number: frames, timer: timer)
                } catch {
                    sinks[index] = .failure(error)
                }
            }
            frames += 1
            if frames % 15 == 0 { progress(TranscodeProgress(frames: frames, time: time, duration: info.duration)) }
        }
        if isCancelled() { throw MediaError.cancelled }
        for index in sinks.indices {
            guard case .success(let sink) = sinks[index] else { continue }
            do { try sink.finish(timer: timer) } catch { sinks[index] = .failure(error) }
        }
        progress(TranscodeProgress(frames: frames, time: info.duration ?? 0, duration: info.duration))
        return sinks.indices.map { index in
            sinks[index].map { _ in
                TranscodeSummary(
                    frames: frames, captionedFrames: captioned[index], copiedStreams: 0, copiedFrames: 0, stages: timer.times,
                    width: info.width, height: info.height)
            }
        }
    }
}

/// One overlay-only output while it is written: its picture, and its encoded file or its
/// PNG files.
private final class OverlaySink {
    private let picture: OverlayPicture
    private let destination: Destination
    private let file: String  // named in errors
    private var lastID: Int??  // the overlay drawn in `picture` (nil inside: none); nil: nothing drawn yet

    /// Where the pictures go.
    private enum Destination {
        case video(EncodedOutput)
        case pictures(PictureFiles)
    }

    init(target: OverlayTarget, source: VideoSource, matrix: ColorMatrix, fullRange: Bool, range: DynamicRange) throws {
        switch target {
        case .video(let path, let finalPath, let format, let settings):
            file = finalPath
            let muxer = try Muxer(path: path, formatFor: finalPath)
            let plan = try EncoderPlan(overlay: format, settings: settings, file: finalPath)
            var colors = source.colors
            colors.range = fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
            destination = .video(
                try EncodedOutput(
                    muxer: muxer, plan: plan, source: source, colors: colors, frameRate: source.setup.frameRate,
                    finalPath: finalPath))
            picture = try OverlayPicture(
                width: Int(source.width), height: Int(source.height), format: format, matrix: matrix, fullRange: fullRange,
                range: range, file: finalPath)
        case .pictures(let folder, let names):
            file = folder
            destination = .pictures(try PictureFiles(source: source, folder: folder, names: names))
            picture = try OverlayPicture(
                width: Int(source.width), height: Int(source.height), format: .pngSequence, matrix: matrix,
                fullRange: fullRange, range: .sdr, file: folder)
        }
    }

    /// Writes frame `number` (0-based) at `pts` (the input's time base) with `overlay` drawn.
    func write(_ overlay: FrameOverlay?, pts: Int64, number: Int, timer: StageTimer) throws {
        let id = overlay?.id
        let changed = lastID == nil || lastID! != id
        if changed {
            try timer.measure(.composite) { try picture.draw(overlay?.bitmap, file: file) }
            lastID = .some(id)
        } else {
            // The encoder may still hold the frame: a copy is made before it changes.
            try MediaError.check(av_frame_make_writable(picture.frame.pointer), "av_frame_make_writable", file: file)
        }
        picture.frame.pointer.pointee.pts = pts
        switch destination {
        case .video(let output): try output.encode(picture.frame.pointer, timer: timer)
        case .pictures(let files): try files.write(picture.frame.pointer, changed: changed, number: number, timer: timer)
        }
    }

    /// Flushes the encoder and completes the file.
    func finish(timer: StageTimer) throws {
        guard case .video(let output) = destination else { return }
        try output.finish(timer: timer)
    }
}

/// An overlay written as one PNG file per frame: a picture is encoded again only when it
/// changed, and the same bytes written for each frame it lasts.
private final class PictureFiles {
    private let encoder: CodecContext
    private let packet: Packet
    private let folder: String
    private let names: @Sendable (Int) -> String
    private var lastPNG: [UInt8] = []

    /// A PNG encoder for RGBA pictures of `source`'s size, writing into `folder` (frame number
    /// to file name: `names`).
    init(source: VideoSource, folder: String, names: @escaping @Sendable (Int) -> String) throws {
        packet = try Packet()
        encoder = try CodecContext(codec: try CodecContext.encoder(for: AV_CODEC_ID_PNG, file: folder), file: folder) { context in
            context.pointee.width = source.width
            context.pointee.height = source.height
            context.pointee.pix_fmt = AV_PIX_FMT_RGBA
            context.pointee.time_base = source.timeBase
        }
        self.folder = folder
        self.names = names
    }

    /// Writes `picture` as frame `number` (0-based), encoded again when it `changed`.
    func write(_ picture: UnsafeMutablePointer<AVFrame>, changed: Bool, number: Int, timer: StageTimer) throws {
        if changed || lastPNG.isEmpty {
            try timer.measure(.encode) {
                try encoder.send(frame: picture)
                guard try encoder.receive(into: packet) else {
                    throw MediaError.unsupported(file: folder, message: "the PNG encoder gave no picture")
                }
                lastPNG = Array(UnsafeBufferPointer(start: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size)))
                packet.unref()
            }
        }
        let path = folder + "/" + names(number)
        try timer.measure(.mux) {
            guard FileManager.default.createFile(atPath: path, contents: Data(lastPNG)) else {
                throw MediaError.unsupported(file: path, message: "cannot write the picture: \(FileError.reason(of: errno))")
            }
        }
    }
}

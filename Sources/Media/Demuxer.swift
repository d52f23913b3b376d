import CAVCodec
import CAVDevice
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// An opened input file: its streams and packets, through libavformat.
final class Demuxer {
    let context: UnsafeMutablePointer<AVFormatContext>
    let path: String
    /// The stream that is decoded and captioned.
    let videoStreamIndex: Int32

    /// Held while the context may call it back (a live input's).
    private let watch: InterruptWatch?
    /// How long a live input's read may wait for a packet before the input counts as lost.
    private let silenceSeconds: Double

    convenience init(path: String) throws {
        var context: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(avformat_open_input(&context, path, nil, nil), "avformat_open_input", file: path)
        guard let context else { throw MediaError.outOfMemory("avformat_open_input", file: path) }
        try self.init(opened: context, name: path, watch: nil, silenceSeconds: 0)
    }

    /// Opens a live input at `address` (listening for an RTMP or SRT sender, or joining a UDP
    /// stream) and probes it briefly; `watch` ends the wait when the run stops. Errors name
    /// the redacted address.
    convenience init(live address: StreamAddress, watch: InterruptWatch) throws {
        let name = address.redacted
        if address.kind == .capture {
            _ = Self.devicesRegistered
            MediaLog.keepErrors()
            for device in address.devices where device.kind == .v4l2 && !FileManager.default.fileExists(atPath: device.name) {
                throw MediaError.unsupported(file: name, message: "no camera at \(device.name)")
            }
        }
        guard let context = avformat_alloc_context() else { throw MediaError.outOfMemory("avformat_alloc_context", file: name) }
        // The packets read while probing are kept (no AVFMT_FLAG_NOBUFFER): the first keyframe
        // is among them, and they leave in a burst once the probe is done.
        watch.attach(to: context)
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        for (key, value) in address.inputOptions { av_dict_set(&options, key, value, 0) }
        let format = address.inputFormat.flatMap { av_find_input_format($0) }
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        watch.arm(seconds: nil)
        // On failure FFmpeg frees the context.
        let code = avformat_open_input(&opened, address.url, format, &options)
        if code < 0, watch.isStopped { throw MediaError.cancelled }
        // A graph that cannot be made says why in FFmpeg's log ("No such filter: 'x'").
        if code < 0, address.kind == .capture {
            let said = MediaLog.lastError()
            let why = address.devices.isEmpty && !said.isEmpty ? said : "the capture device cannot be opened"
            throw MediaError.unsupported(file: name, message: "\(why) (\(MediaError.text(code)))")
        }
        try MediaError.check(code, "avformat_open_input", file: name)
        guard let opened else { throw MediaError.outOfMemory("avformat_open_input", file: name) }
        // The probe waits for the first packets as long as it takes (a UDP sender not yet
        // sending); each read after it has the address's `silenceSeconds`.
        try self.init(opened: opened, name: name, watch: watch, silenceSeconds: address.silenceSeconds)
    }

    /// FFmpeg's input devices (lavfi, and the V4L2, ALSA and PulseAudio ones its sources
    /// open), registered once.
    private static let devicesRegistered: Void = avdevice_register_all()

    private init(
        opened context: UnsafeMutablePointer<AVFormatContext>, name path: String, watch: InterruptWatch?, silenceSeconds: Double
    ) throws {
        MediaCounters.add(\.inputsOpened)
        do {
            let code = avformat_find_stream_info(context, nil)
            // A live input stopped while it was probed (no sender yet on UDP): an ending, not a failure.
            if code < 0, watch?.isStopped == true { throw MediaError.cancelled }
            try MediaError.check(code, "avformat_find_stream_info", file: path)
        } catch {
            var owned: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&owned)
            throw error
        }
        self.context = context
        self.path = path
        self.watch = watch
        self.silenceSeconds = silenceSeconds
        // The first real video stream; a cover picture is not a video.
        var chosen: Int32 = -1
        let best = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        for index in 0..<Int32(context.pointee.nb_streams) {
            let stream = context.pointee.streams[Int(index)]!
            guard stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO,
                stream.pointee.disposition & burn_av_disposition_attached_pic() == 0
            else { continue }
            if chosen < 0 || index == best { chosen = index }
        }
        videoStreamIndex = chosen
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&owned)
    }

    var streamCount: Int { Int(context.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> { context.pointee.streams[index]! }

    var videoStream: UnsafeMutablePointer<AVStream>? {
        videoStreamIndex >= 0 ? stream(Int(videoStreamIndex)) : nil
    }

    /// The audio stream FFmpeg rates best (`av_find_best_stream`), if the file has one.
    var bestAudioStream: UnsafeMutablePointer<AVStream>? {
        let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        return index >= 0 ? stream(Int(index)) : nil
    }

    /// Makes the demuxer drop the packets of every stream but `index` (less to read and copy).
    func discardStreams(except index: Int32) {
        for other in 0..<streamCount where other != Int(index) { stream(other).pointee.discard = AVDISCARD_ALL }
    }

    /// The value of the file's metadata tag `key` (`timecode`), when it has it.
    func tag(_ key: String) -> String? {
        av_dict_get(context.pointee.metadata, key, nil, 0).flatMap { $0.pointee.value.map { String(cString: $0) } }
    }

    /// The file's duration, when known. // seconds
    var duration: Double? {
        let value = context.pointee.duration
        return value > 0 && value != AVCode.noPTS ? Double(value) / Double(burn_av_time_base()) : nil
    }

    /// Where the output's and the captions' time 0 lies on the file's own timeline, in
    /// `timeBase` units, subtracted from every timestamp written: the file's start time
    /// (MPEG-TS starts at 1.4 s, say), but never before 0 (AAC priming in MP4 makes the start
    /// slightly negative, while players show the first frame at 0).
    func timelineOffset(in timeBase: AVRational) -> Int64 {
        let value = context.pointee.start_time
        return value == AVCode.noPTS || value <= 0 ? 0 : av_rescale_q(value, burn_av_time_base_q(), timeBase)
    }

    /// Goes back to the start of the file (a format that cannot seek by time is read again
    /// from its first byte).
    func rewind() throws {
        let start = context.pointee.start_time == AVCode.noPTS ? 0 : context.pointee.start_time
        if avformat_seek_file(context, -1, Int64.min, start, start, 0) >= 0 { return }
        try MediaError.check(av_seek_frame(context, -1, 0, AVSEEK_FLAG_BYTE), "av_seek_frame", file: path)
    }

    /// Reads the next packet into `packet`; false at the end of the file.
    func read(into packet: Packet) throws -> Bool {
        watch?.arm(seconds: silenceSeconds)
        let code = av_read_frame(context, packet.pointer)
        // A live input stopped by the run ends as a file does.
        if code < 0, watch?.isStopped == true { return false }
        if code == AVCode.eof { return false }
        try MediaError.check(code, "av_read_frame", file: path)
        return true
    }
}

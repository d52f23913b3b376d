import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The output file through libavformat: its streams, header, interleaved packets and trailer.
/// It writes to `path` (a temporary file) in the container that `formatName`'s extension names.
final class Muxer {
    let context: UnsafeMutablePointer<AVFormatContext>
    private let path: String  // the temporary file written
    private let name: String  // the final output, named in errors
    private var headerWritten = false
    private var customTags = false
    /// A live output's address and the watch its blocking calls ask; nil for a file.
    private let live: (address: StreamAddress, watch: InterruptWatch)?

    /// `formatFor` is the final output name; the container is guessed from its extension.
    init(path: String, formatFor finalPath: String) throws {
        guard let format = av_guess_format(nil, finalPath, nil) else {
            throw MediaError.unsupported(file: finalPath, message: "unknown output container (use .mp4 or .mov)")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(
            avformat_alloc_output_context2(&context, format, nil, path), "avformat_alloc_output_context2",
            file: finalPath)
        guard let context else { throw MediaError.outOfMemory("avformat_alloc_output_context2", file: finalPath) }
        self.context = context
        self.path = path
        self.name = finalPath
        live = nil
    }

    /// A live output: FLV to an RTMP server, MPEG-TS over SRT or UDP, an HLS playlist and its
    /// segments. `watch` ends a connection or write that hangs. Errors name the redacted address.
    init(live address: StreamAddress, watch: InterruptWatch) throws {
        let name = address.redacted
        let format = address.outputFormat.flatMap { av_guess_format($0, nil, nil) } ?? av_guess_format(nil, address.url, nil)
        guard let format else { throw MediaError.unsupported(file: name, message: "unknown output container") }
        var context: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(
            avformat_alloc_output_context2(&context, format, nil, address.url), "avformat_alloc_output_context2", file: name)
        guard let context else { throw MediaError.outOfMemory("avformat_alloc_output_context2", file: name) }
        watch.attach(to: context)
        self.context = context
        self.path = address.url
        self.name = name
        live = (address, watch)
    }

    /// How long a live output's connection or one write may take before it counts as lost. // seconds
    static let liveWriteSeconds = 5.0

    deinit {
        if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Whether encoders must put their headers in extradata.
    var needsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & burn_avfmt_globalheader() != 0 }

    /// Whether the container is MP4 or QuickTime (where HEVC is tagged hvc1).
    var isQuickTimeFamily: Bool {
        ["mp4", "mov", "ipod", "ismv"].contains(String(cString: context.pointee.oformat.pointee.name))
    }

    /// Whether the container is Matroska or WebM.
    var isMatroskaFamily: Bool { ["matroska", "webm"].contains(String(cString: context.pointee.oformat.pointee.name)) }

    /// Whether the container takes a stream of `parameters` as it is (copied), by the
    /// muxer's own answer (`MuxerTrial`).
    func canHold(_ parameters: UnsafePointer<AVCodecParameters>) -> Bool {
        MuxerTrial.refusal(context.pointee.oformat, parameters) == nil
    }

    /// Whether the container takes an audio stream of codec `id` (48 kHz stereo) as an encoder
    /// writes it.
    func canHold(audio id: AVCodecID) -> Bool {
        MuxerTrial.audioRefusal(context.pointee.oformat, codec: id) == nil
    }

    /// A new output stream.
    func addStream() throws -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaError.outOfMemory("avformat_new_stream", file: name)
        }
        return stream
    }

    /// Tags the file (container metadata) with `key` = `value`, before `start`; MP4 and
    /// QuickTime then keep tags of any name.
    func setTag(_ key: String, _ value: String) {
        av_dict_set(&context.pointee.metadata, key, value, 0)
        customTags = true
    }

    /// Opens the file and writes the header (MP4/MOV get their index at the front).
    func start() throws {
        if let live { return try start(live: live.address, watch: live.watch) }
        try MediaError.check(
            avio_open(&context.pointee.pb, path, burn_avio_flag_write()), "avio_open", file: name)
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "movflags", customTags ? "+faststart+use_metadata_tags" : "+faststart", 0)
        // Matroska and WebM: the video keeps the input's times. Audio that starts before zero
        // (AAC priming, Opus pre-skip) is written before zero, where the format's signed
        // block times and Opus's CodecDelay hold it, instead of every stream being shifted.
        if isMatroskaFamily { av_dict_set(&options, "avoid_negative_ts", "disabled", 0) }
        try MediaError.check(avformat_write_header(context, &options), "avformat_write_header", file: name)
        headerWritten = true
    }

    /// Connects (unless the muxer opens its own files, as HLS does) and writes the header,
    /// with the address's options.
    private func start(live address: StreamAddress, watch: InterruptWatch) throws {
        watch.arm(seconds: Self.liveWriteSeconds)
        if context.pointee.oformat.pointee.flags & burn_avfmt_nofile() == 0 {
            var connection: OpaquePointer?
            defer { av_dict_free(&connection) }
            for (key, value) in address.connectionOptions { av_dict_set(&connection, key, value, 0) }
            try MediaError.check(
                avio_open2(&context.pointee.pb, address.url, burn_avio_flag_write(), &context.pointee.interrupt_callback, &connection),
                "avio_open2", file: name)
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        for (key, value) in address.muxerOptions { av_dict_set(&options, key, value, 0) }
        context.pointee.flags |= burn_avfmt_flag_flush_packets()
        try MediaError.check(avformat_write_header(context, &options), "avformat_write_header", file: name)
        headerWritten = true
    }

    func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream> { context.pointee.streams[Int(index)]! }

    /// Writes a packet whose timestamps are in `timeBase`; the packet is left empty.
    func write(_ packet: Packet, stream index: Int32, timeBase: AVRational) throws {
        packet.pointer.pointee.stream_index = index
        av_packet_rescale_ts(packet.pointer, timeBase, stream(index).pointee.time_base)
        packet.pointer.pointee.pos = -1
        live?.watch.arm(seconds: Self.liveWriteSeconds)
        try MediaError.check(av_interleaved_write_frame(context, packet.pointer), "av_interleaved_write_frame", file: name)
    }

    /// Flushes interleaving, writes the trailer (and moves the index to the front), closes the file.
    func finish() throws {
        guard headerWritten else { return }
        live?.watch.arm(seconds: Self.liveWriteSeconds)
        try MediaError.check(av_write_trailer(context), "av_write_trailer", file: name)
        if context.pointee.pb != nil { try MediaError.check(avio_closep(&context.pointee.pb), "avio_closep", file: name) }
    }
}

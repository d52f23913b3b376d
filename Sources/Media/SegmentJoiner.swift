import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// What a join wrote.
public struct JoinSummary: Sendable {
    public var frames: Int  // video packets copied from the parts
    public var copiedAudioStreams: Int
}

/// Joins the parts of a split render (`--segment I/N`) into one file: the parts' video
/// concatenated packet for packet, in the order given, and the input's audio copied once as a
/// render copies it (`AudioPassThrough`). Nothing is decoded or encoded, but for the audio of
/// a split cut render (parts labelled with kept ranges): the input's audio is decoded, its
/// kept ranges joined as a one-piece cut render joins them (`AudioSplice`), and re-encoded.
public enum SegmentJoiner {
    /// What the join found in a part before writing anything.
    public struct PartContents: Sendable {
        public var path: String
        /// Its label; nil for a file that is no part of a split render.
        public var label: SegmentLabel?
        /// The frames its tags say it holds; nil when they say nothing (an older part's).
        public var recordedFrames: Int?
        /// Whether it opened as a media file at all.
        public var opened: Bool
        /// The video packets read from it, one per frame.
        public var frames: Int
        /// What makes it unfit to join whatever its label says: unreadable, truncated, or
        /// video unlike the first part's.
        public var problems: [String]
    }

    /// Reads every part through (its video packets counted, nothing decoded) and says what it
    /// holds; a part whose video differs from the first labelled part's (codec, size, pixel
    /// format, headers) has that among its problems. Fails only when cancelled.
    public static func inspect(_ parts: [String], isCancelled: () -> Bool = { false }) throws -> [PartContents] {
        var model: Demuxer?  // the first labelled part, kept open for its stream's parameters
        return try parts.map { path in
            var contents = PartContents(path: path, label: nil, recordedFrames: nil, opened: false, frames: 0, problems: [])
            let demuxer: Demuxer
            do {
                demuxer = try Demuxer(path: path)
            } catch {
                contents.problems.append(reason(error))
                return contents
            }
            contents.opened = true
            let tags = tags(demuxer.context.pointee.metadata)
            contents.label = SegmentLabel(tags: tags)
            if let kept = tags[SegmentLabel.keptKey], KeptRanges(tagValue: kept) == nil {
                contents.problems.append("its kept ranges (\(SegmentLabel.keptKey)) cannot be read: render it again")
            }
            contents.recordedFrames = tags[SegmentLabel.framesKey].flatMap { Int($0) }
            guard let stream = demuxer.videoStream else {
                // A part of a split cut render whose segment is all cut holds no frame, and MP4 writes no empty track.
                if contents.label?.kept == nil || contents.recordedFrames != 0 { contents.problems.append("no video stream") }
                return contents
            }
            if contents.label != nil, let first = model?.videoStream, let difference = difference(stream, from: first) {
                contents.problems.append("its video differs from \(model!.path)'s (\(difference)): render every part with the same options")
            }
            if model == nil && contents.label != nil { model = demuxer }
            if let end = indexedEnd(of: stream), let size = fileSize(path), end > size {
                contents.problems.append("truncated: its video runs to byte \(end), the file ends at byte \(size)")
            }
            try count(demuxer, into: &contents, isCancelled: isCancelled)
            return contents
        }
    }

    /// Reads `demuxer`'s video packets to the end into `contents`: their number, and a
    /// problem for packets the demuxer marks damaged or a read that fails.
    private static func count(_ demuxer: Demuxer, into contents: inout PartContents, isCancelled: () -> Bool) throws {
        demuxer.discardStreams(except: demuxer.videoStreamIndex)
        let packet = try Packet()
        var damaged: [Int] = []  // frame numbers, from 1
        do {
            while try demuxer.read(into: packet) {
                if isCancelled() { throw MediaError.cancelled }
                defer { packet.unref() }
                guard packet.pointer.pointee.stream_index == demuxer.videoStreamIndex else { continue }
                contents.frames += 1
                if packet.pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 { damaged.append(contents.frames) }
            }
        } catch MediaError.cancelled {
            throw MediaError.cancelled
        } catch {
            contents.problems.append("cannot be read past frame \(contents.frames): \(reason(error))")
        }
        if let first = damaged.first {
            contents.problems.append("\(damaged.count) damaged frame(s), the first frame \(first)")
        }
    }

    /// Where the stream's last byte lies by the container's index (MP4 and QuickTime list
    /// every frame's place and size); nil when the index holds no sizes.
    private static func indexedEnd(of stream: UnsafeMutablePointer<AVStream>) -> Int64? {
        var end: Int64?
        for number in 0..<avformat_index_get_entries_count(stream) {
            guard let entry = avformat_index_get_entry(stream, number)?.pointee, entry.pos >= 0, entry.size > 0 else { continue }
            end = max(end ?? 0, entry.pos + Int64(entry.size))
        }
        return end
    }

    private static func reason(_ error: Error) -> String { (error as? MediaError)?.reason ?? "\(error)" }

    private static func fileSize(_ path: String) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value
    }

    /// The identity of `input`, as a part records the input it was rendered from.
    public static func identity(of input: String) throws -> InputIdentity {
        try InputIdentity(InputInfo(Demuxer(path: input), use: .pictures))
    }

    /// Writes `parts` (paths, in order, each labelled and checked by `inspect`) one after the
    /// other with `input`'s audio into `path` (a temporary file), in the container
    /// `finalPath`'s extension names; the audio's kept ranges spliced when the labels carry
    /// them (all alike, as `SplitRender` checks). Fails naming the part whose frames overlap
    /// the part before.
    public static func join(
        parts: [String], labels: [SegmentLabel], input: String, path: String, finalPath: String,
        notice: (RenderNotice) -> Void = { _ in }, isCancelled: () -> Bool = { false }
    ) throws -> JoinSummary {
        precondition(!parts.isEmpty && parts.count == labels.count, "one label per part")
        let source = try Demuxer(path: input)
        if source.videoStreamIndex >= 0 { source.stream(Int(source.videoStreamIndex)).pointee.discard = AVDISCARD_ALL }
        let first = try Demuxer(path: parts[0])
        guard let model = first.videoStream else { throw MediaError.noVideoStream(file: parts[0]) }
        let muxer = try Muxer(path: path, formatFor: finalPath)
        let video = try addVideo(like: model, of: parts[0], to: muxer, finalPath: finalPath)
        let kept = labels[0].kept
        let audio = try AudioPassThrough(from: source, to: muxer, finalPath: finalPath, kept: kept, notice: notice)
        try muxer.start()

        let timeBase = model.pointee.time_base
        let audioPacket = try Packet()
        var audioWaiting = try nextAudio(source, audio: audio, into: audioPacket)
        /// Writes the input's audio up to `time` (seconds on the output's timeline; nil: all),
        /// read up to the source instant played then in a cut render.
        func writeAudio(until time: Double?) throws {
            let sourceTime = time.map { kept?.sourceTime(ofOutput: $0) ?? $0 }
            while audioWaiting {
                if let sourceTime, seconds(of: audioPacket, in: source) > sourceTime { return }
                try audio.passOn(audioPacket)
                audioPacket.unref()
                audioWaiting = try nextAudio(source, audio: audio, into: audioPacket)
            }
        }

        let packet = try Packet()
        var frames = 0
        var lastDTS = Int64.min
        for (number, (part, label)) in zip(parts, labels).enumerated() {
            let demuxer = number == 0 ? first : try Demuxer(path: part)
            guard let stream = demuxer.videoStream else { throw MediaError.noVideoStream(file: part) }
            demuxer.discardStreams(except: demuxer.videoStreamIndex)
            // A part's first frame is at its segment's start: its timestamps are kept, or
            // moved there if its container shifted them.
            var shift: Int64?
            while try demuxer.read(into: packet) {
                if isCancelled() { throw MediaError.cancelled }
                guard packet.pointer.pointee.stream_index == demuxer.videoStreamIndex else {
                    packet.unref()
                    continue
                }
                av_packet_rescale_ts(packet.pointer, stream.pointee.time_base, timeBase)
                if shift == nil {
                    let expected = av_rescale_q(
                        Int64((label.start * 1_000_000).rounded()), AVRational(num: 1, den: 1_000_000), timeBase)
                    let pts = packet.pointer.pointee.pts
                    shift = label.index == 0 || pts == AVCode.noPTS ? 0 : pts - expected
                }
                packet.shift(by: shift!)
                let dts = packet.pointer.pointee.dts
                if dts != AVCode.noPTS {
                    guard dts > lastDTS else {
                        throw MediaError.unsupported(
                            file: part, message: "its frames overlap the part before (segment \(label.index) of \(label.count))")
                    }
                    lastDTS = dts
                }
                try writeAudio(until: Double(dts == AVCode.noPTS ? packet.pointer.pointee.pts : dts) * av_q2d(timeBase))
                try muxer.write(packet, stream: video.pointee.index, timeBase: timeBase)
                frames += 1
            }
        }
        try writeAudio(until: nil)
        try audio.finish()
        try muxer.finish()
        return JoinSummary(frames: frames, copiedAudioStreams: audio.copiedStreams)
    }

    /// The output's video stream, with the parameters of `model` (the first part's, at `part`).
    private static func addVideo(
        like model: UnsafeMutablePointer<AVStream>, of part: String, to muxer: Muxer, finalPath: String
    ) throws -> UnsafeMutablePointer<AVStream> {
        let video = try muxer.addStream()
        try MediaError.check(
            avcodec_parameters_copy(video.pointee.codecpar, model.pointee.codecpar), "avcodec_parameters_copy", file: finalPath)
        video.pointee.codecpar.pointee.codec_tag = 0
        if video.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_HEVC && muxer.isQuickTimeFamily {
            video.pointee.codecpar.pointee.codec_tag = burn_mktag(0x68, 0x76, 0x63, 0x31)  // "hvc1", as a render tags it
        }
        video.pointee.time_base = model.pointee.time_base
        video.pointee.avg_frame_rate = model.pointee.avg_frame_rate
        HDRMetadata.read(stream: model, path: part)?.attach(to: video)
        return video
    }

    /// The next packet of a stream `audio` carries into `packet`; false at the end.
    private static func nextAudio(_ demuxer: Demuxer, audio: AudioPassThrough, into packet: Packet) throws -> Bool {
        while try demuxer.read(into: packet) {
            if audio.carries(packet.pointer.pointee.stream_index) { return true }
            packet.unref()
        }
        return false
    }

    /// A packet's time on the output's timeline (the input's, from its start). // seconds
    private static func seconds(of packet: Packet, in demuxer: Demuxer) -> Double {
        let p = packet.pointer.pointee
        let timeBase = demuxer.stream(Int(p.stream_index)).pointee.time_base
        let stamp = p.dts != AVCode.noPTS ? p.dts : p.pts
        guard stamp != AVCode.noPTS else { return -Double.infinity }
        return Double(stamp - demuxer.timelineOffset(in: timeBase)) * av_q2d(timeBase)
    }

    /// How `stream`'s video differs from `model`'s in what one stream must share; nil: not at all.
    private static func difference(_ stream: UnsafeMutablePointer<AVStream>, from model: UnsafeMutablePointer<AVStream>) -> String? {
        let a = stream.pointee.codecpar.pointee
        let b = model.pointee.codecpar.pointee
        if a.codec_id != b.codec_id {
            return "\(String(cString: avcodec_get_name(a.codec_id))), not \(String(cString: avcodec_get_name(b.codec_id)))"
        }
        if (a.width, a.height) != (b.width, b.height) { return "\(a.width)x\(a.height), not \(b.width)x\(b.height)" }
        if a.format != b.format { return "another pixel format" }
        let same =
            a.extradata_size == b.extradata_size
            && (a.extradata_size == 0 || memcmp(a.extradata, b.extradata, Int(a.extradata_size)) == 0)
        return same ? nil : "other encoder settings in its stream headers"
    }

    /// The entries of a metadata dictionary, their keys in lower case (Matroska keeps tags in capitals).
    private static func tags(_ dictionary: OpaquePointer?) -> [String: String] {
        var result: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            result[String(cString: next.pointee.key).lowercased()] = String(cString: next.pointee.value)
            entry = next
        }
        return result
    }
}

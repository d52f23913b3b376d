import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Where a video can be cut for a split render: the times of its keyframes, found by seeking
/// (the container's index) and reading a few packets, never by reading the whole file.
public enum Keyframes {
    /// For each of `targets` (seconds from the timeline start, increasing), the keyframe
    /// nearest to it that lies after the one chosen for the target before (and after 0): the keyframe at or
    /// before the target, or the first after it when that is nearer (or the one before is
    /// taken). Nil for a target with no such keyframe (a file with too few).
    public static func nearest(to targets: [Double], in input: MediaInput) throws -> [Double?] {
        let demuxer = try input.demuxer()
        guard let stream = demuxer.videoStream else { throw MediaError.noVideoStream(file: input.info.path) }
        demuxer.discardStreams(except: demuxer.videoStreamIndex)
        let timeBase = stream.pointee.time_base
        let offset = demuxer.timelineOffset(in: timeBase)
        let packet = try Packet()
        var chosen: [Double?] = []
        var previous = 0.0  // the first segment starts at the timeline start
        for target in targets {
            let position = av_rescale_q(Int64((target * 1_000_000).rounded()), AVRational(num: 1, den: 1_000_000), timeBase) + offset
            if av_seek_frame(demuxer.context, demuxer.videoStreamIndex, position, AVSEEK_FLAG_BACKWARD) < 0 {
                try demuxer.rewind()
            }
            var best: Double?
            // Key packets from the seek point on, until the first past the target.
            while try demuxer.read(into: packet) {
                defer { packet.unref() }
                let p = packet.pointer.pointee
                guard p.stream_index == demuxer.videoStreamIndex, p.flags & AV_PKT_FLAG_KEY != 0 else { continue }
                let stamp = p.pts != AVCode.noPTS ? p.pts : p.dts
                guard stamp != AVCode.noPTS else { continue }
                let time = Double(stamp - offset) * av_q2d(timeBase)
                if time > previous && (best == nil || abs(time - target) < abs(best! - target)) { best = time }
                if time > target && best != nil { break }
            }
            chosen.append(best)
            if let best { previous = best }
        }
        return chosen
    }
}

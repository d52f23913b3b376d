import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

extension EncoderSettings {
    /// Why FFmpeg's encoder `name` does not open here for a small 8-bit BT.709 video, as a
    /// render would open it (FFmpeg's own words: "Cannot load libcuda.so.1"); nil when it opens.
    public static func openProblem(encoder name: String) -> String? {
        if let problem = problem(encoder: name) { return problem }
        do {
            let settings = EncoderSettings(crf: 28, preset: "ultrafast", threads: 1, codec: (VideoCodec.ofEncoder(name) ?? nil) ?? .h264, encoder: name)
            let plan = try EncoderPlan(settings: settings, frameFormat: AV_PIX_FMT_YUV420P, metadata: nil, file: nil)
            let context = try CodecContext.videoEncoder(
                plan, width: 256, height: 256, timeBase: AVRational(num: 1, den: 30), frameRate: AVRational(num: 30, den: 1),
                aspect: AVRational(num: 1, den: 1),
                colors: ColorTags(primaries: AVCOL_PRI_BT709, transfer: AVCOL_TRC_BT709, space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG),
                globalHeader: false, file: nil)
            // One black frame, then the end, as a render ends it (SVT-AV1 waits forever at an
            // end that came before any frame, or when it is freed without one).
            let frame = try Frame.picture(width: 256, height: 256, format: plan.pixelFormat, file: nil)
            let planes = frame.pointer.pointee
            var data = [planes.data.0, planes.data.1, planes.data.2, planes.data.3]
            let lines = [planes.linesize.0, planes.linesize.1, planes.linesize.2, planes.linesize.3].map { Int($0) }
            try MediaError.check(
                av_image_fill_black(&data, lines, plan.pixelFormat, AVCOL_RANGE_MPEG, 256, 256), "av_image_fill_black", file: nil)
            frame.pointer.pointee.pts = 0
            try context.send(frame: frame.pointer)
            try context.send(frame: nil)
            let packet = try Packet()
            while try context.receive(into: packet) { packet.unref() }
            return nil
        } catch {
            return "\(error)"
        }
    }
}

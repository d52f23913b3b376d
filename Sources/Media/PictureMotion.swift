import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Whether the picture moves during stretches of a video, for the cut plan: a silence over
/// a moving picture (a screen demonstration, a slide, a camera move) is content, not a pause.
/// "Moves" means that between frames sampled a quarter of a second apart at least 3% of
/// the picture (on a grid of every eighth pixel) changes by more than `step` luma levels, in
/// at least half of the sampled pairs: a speaker who breathes, blinks or shifts on a still
/// camera changes far less of the picture, sensor noise far less than the step. One pass,
/// decoding little more than the keyframes before the sampled frames.
public enum PictureMotion {
    /// A grid sample changes by more than this to count. // luma levels (8-bit)
    static let step = 20
    /// The part of the grid that changes in a moving pair. // fraction
    static let movingShare = 0.03
    /// The distance between sampled frames. // seconds
    static let interval = 0.25

    /// For each of `spans` (seconds of the input, ascending and apart), whether its picture moves.
    public static func moving(_ input: MediaInput, spans: [ClosedRange<Double>], going: () -> Bool = { true }) throws -> [Bool] {
        guard !spans.isEmpty else { return [] }
        var samples: [(span: Int, time: Double)] = []
        for (index, span) in spans.enumerated() {
            let count = max(2, min(6, Int((span.upperBound - span.lowerBound) / interval)))
            let step = (span.upperBound - span.lowerBound) / Double(count)
            samples += (0..<count).map { (index, span.lowerBound + step * (Double($0) + 0.5)) }
        }
        let source = try VideoSource(input, roughly: true, referencedOnly: true)
        var grids: [[UInt8]?] = Array(repeating: nil, count: samples.count)
        var next = 0
        if samples[0].time > 1 { try source.seek(to: samples[0].time) }
        try source.readFrames(
            wanting: { next < samples.count ? samples[next].time : .infinity }, going: { going() && next < samples.count }
        ) { frame in
            let time = source.seconds(frame)
            while next < samples.count, time + 1e-6 >= samples[next].time {
                grids[next] = grid(frame, tenBit: source.pixelFormat == AV_PIX_FMT_YUV420P10LE)
                next += 1
            }
        }
        var moving = Array(repeating: false, count: spans.count)
        for span in spans.indices {
            let frames = samples.indices.filter { samples[$0].span == span }.compactMap { grids[$0] }
            let pairs = zip(frames, frames.dropFirst())
            let moved = pairs.filter { changedShare($0, $1) >= movingShare }.count
            moving[span] = frames.count >= 2 && 2 * moved >= frames.count - 1
        }
        return moving
    }

    /// Every eighth luma sample of every eighth row.
    private static func grid(_ frame: Frame, tenBit: Bool) -> [UInt8] {
        let picture = frame.pointer.pointee
        guard let plane = picture.data.0 else { return [] }
        let stride = Int(picture.linesize.0)
        var values: [UInt8] = []
        values.reserveCapacity((frame.width / 8 + 1) * (frame.height / 8 + 1))
        for y in Swift.stride(from: 0, to: frame.height, by: 8) {
            let row = plane + y * stride
            for x in Swift.stride(from: 0, to: frame.width, by: 8) {
                if tenBit {
                    let wide = UnsafeRawPointer(row + 2 * x).loadUnaligned(as: UInt16.self)
                    values.append(UInt8(min(255, wide >> 2)))
                } else {
                    values.append(row[x])
                }
            }
        }
        return values
    }

    private static func changedShare(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        let changed = zip(a, b).filter { abs(Int($0) - Int($1)) > step }.count
        return Double(changed) / Double(a.count)
    }
}

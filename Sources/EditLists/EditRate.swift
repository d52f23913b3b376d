/// A video frame rate an edit list can state, with how its timecode counts: 23.976, 24, 25,
/// 29.97 (drop-frame), 30, 50, 59.94 (drop-frame), 60 frames per second.
public struct EditRate: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Frames per second is `numerator / denominator` (30000/1001 for 29.97).
    public let numerator: Int
    /// Frames per second is `numerator / denominator` (1001 for the NTSC rates, else 1).
    public let denominator: Int
    /// Whether timecode at this rate drops frame labels (29.97 and 59.94: `HH:MM:SS;FF`).
    public let dropFrame: Bool

    /// 23.976 frames per second (24000/1001), non-drop-frame timecode counted in 24s.
    public static let fps23_976 = EditRate(numerator: 24000, denominator: 1001, dropFrame: false)
    /// 24 frames per second.
    public static let fps24 = EditRate(numerator: 24, denominator: 1, dropFrame: false)
    /// 25 frames per second.
    public static let fps25 = EditRate(numerator: 25, denominator: 1, dropFrame: false)
    /// 29.97 frames per second (30000/1001), drop-frame timecode.
    public static let fps29_97 = EditRate(numerator: 30000, denominator: 1001, dropFrame: true)
    /// 30 frames per second.
    public static let fps30 = EditRate(numerator: 30, denominator: 1, dropFrame: false)
    /// 50 frames per second.
    public static let fps50 = EditRate(numerator: 50, denominator: 1, dropFrame: false)
    /// 59.94 frames per second (60000/1001), drop-frame timecode.
    public static let fps59_94 = EditRate(numerator: 60000, denominator: 1001, dropFrame: true)
    /// 60 frames per second.
    public static let fps60 = EditRate(numerator: 60, denominator: 1, dropFrame: false)

    /// Every rate an edit list is written at, slowest first.
    public static let all: [EditRate] = [fps23_976, fps24, fps25, fps29_97, fps30, fps50, fps59_94, fps60]

    private init(numerator: Int, denominator: Int, dropFrame: Bool) {
        self.numerator = numerator
        self.denominator = denominator
        self.dropFrame = dropFrame
    }

    /// The listed rate a measured one is (FFmpeg's `r_frame_rate`, `2997/100` or
    /// `30000/1001` alike): the nearest within 0.03 %; an `EditListError` on `rate` naming
    /// the measured rate when no listed one is that near.
    public init(measuredNumerator: Int, denominator: Int) throws {
        guard measuredNumerator > 0, denominator > 0 else {
            throw EditListError("rate", "\(measuredNumerator)/\(denominator) is not a frame rate")
        }
        let measured = Double(measuredNumerator) / Double(denominator)
        let nearest = Self.all.min { abs($0.framesPerSecond - measured) < abs($1.framesPerSecond - measured) }!
        guard abs(nearest.framesPerSecond - measured) <= nearest.framesPerSecond * 0.0003 else {
            let listed = Self.all.map(\.description).joined(separator: ", ")
            throw EditListError(
                "rate", "\(Self.decimal(measured)) fps (\(measuredNumerator)/\(denominator)) is none of \(listed)")
        }
        self = nearest
    }

    /// This rate with non-drop-frame timecode (29.97 and 59.94 counted without dropping labels).
    public var nonDropFrame: EditRate { EditRate(numerator: numerator, denominator: denominator, dropFrame: false) }

    /// Frames per second as a number (29.97002997002997 for 30000/1001, as OpenTimelineIO writes it).
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The whole frames a timecode second counts (30 for 29.97, 24 for 23.976).
    public var timebase: Int { (numerator + denominator - 1) / denominator }

    /// Whether the rate is an NTSC one (a 1001 denominator: 23.976, 29.97, 59.94).
    public var ntsc: Bool { denominator == 1001 }

    /// The rate as editors name it: `23.976`, `24`, `29.97`, `59.94`.
    public var description: String {
        switch (numerator, denominator) {
        case (24000, 1001): return "23.976"
        case (_, 1): return "\(numerator)"
        default: return Self.decimal(framesPerSecond)
        }
    }

    /// `value` with at most two decimals (`29.97`, `59.94`, `29.5`).
    static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        if fraction == 0 { return "\(hundredths / 100)" }
        return "\(hundredths / 100)." + (fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)"))
    }
}

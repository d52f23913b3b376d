/// A frame count at an `EditRate` and its SMPTE timecode label: `HH:MM:SS:FF`, or
/// `HH:MM:SS;FF` when the rate drops frames. Drop-frame timecode skips labels, never frames:
/// at 29.97 the labels `;00` and `;01` of every minute but each tenth are not used (at 59.94,
/// `;00` to `;03`), so the labels keep up with the clock (01:00:00;00 is frame 107892).
/// Labels wrap after 24 hours, as a camera's do.
public struct Timecode: Sendable, Equatable, CustomStringConvertible {
    /// Frames from 00:00:00:00.
    public let frames: Int
    /// The rate the label counts at.
    public let rate: EditRate

    /// The timecode `frames` frames after 00:00:00:00.
    public init(frames: Int, rate: EditRate) {
        self.frames = frames
        self.rate = rate
    }

    /// The timecode a label reads as: `HH:MM:SS:FF`, with `;` (or `.`, `,`) before the
    /// frames of a drop-frame label. An `EditListError` naming the text when it is not a
    /// label at this rate (a field out of range, or a label drop-frame skips).
    public init(_ text: String, rate: EditRate) throws {
        let fields = text.split(omittingEmptySubsequences: false) { ":;.,".contains($0) }
        let numbers = fields.compactMap { field in field.count == 2 ? Int(field) : nil }
        let base = rate.timebase
        guard numbers.count == 4, fields.count == 4, numbers[0] < 24, numbers[1] < 60, numbers[2] < 60,
            numbers[3] < base
        else {
            throw EditListError("timecode \(text)", "not HH:MM:SS:FF at \(rate) fps")
        }
        let (hours, minutes, seconds, frame) = (numbers[0], numbers[1], numbers[2], numbers[3])
        let totalMinutes = hours * 60 + minutes
        var count = (totalMinutes * 60 + seconds) * base + frame
        if rate.dropFrame {
            let dropped = Self.droppedPerMinute(rate)
            guard seconds > 0 || frame >= dropped || minutes % 10 == 0 else {
                throw EditListError("timecode \(text)", "drop-frame timecode skips this label")
            }
            count -= dropped * (totalMinutes - totalMinutes / 10)
        }
        self.init(frames: count, rate: rate)
    }

    /// The labels drop-frame timecode skips each minute (2 at 29.97, 4 at 59.94).
    static func droppedPerMinute(_ rate: EditRate) -> Int { rate.timebase / 15 }

    /// The frames an hour of labels counts at `rate` (107892 at 29.97 drop-frame, 108000 without).
    public static func framesPerHour(_ rate: EditRate) -> Int {
        let base = rate.timebase
        guard rate.dropFrame else { return base * 3600 }
        return (base * 600 - droppedPerMinute(rate) * 9) * 6
    }

    /// The frames a 24-hour day of labels counts at `rate`.
    static func framesPerDay(_ rate: EditRate) -> Int { framesPerHour(rate) * 24 }

    /// The label: `HH:MM:SS:FF`, or `HH:MM:SS;FF` at a drop-frame rate.
    public var description: String {
        let base = rate.timebase
        let day = Self.framesPerDay(rate)
        var count = ((frames % day) + day) % day
        if rate.dropFrame {
            let dropped = Self.droppedPerMinute(rate)
            let perTenMinutes = base * 600 - dropped * 9
            let perMinute = base * 60 - dropped
            let tens = count / perTenMinutes
            let rest = count % perTenMinutes
            count += dropped * 9 * tens + (rest > dropped ? dropped * ((rest - dropped) / perMinute) : 0)
        }
        let frame = count % base
        let seconds = count / base
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let separator = rate.dropFrame ? ";" : ":"
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))\(separator)\(two(frame))"
    }
}

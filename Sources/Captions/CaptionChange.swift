import Foundation

/// Something the Captions stage changed in a caption of the file (`lint` reports it): a cue
/// split into several captions (or kept whole: its pieces would be too short to read), joined
/// with the next, trimmed where the next starts, delayed after another speaker's, extended to
/// be read, or moved to a shot change.
public struct CaptionChange: Sendable, Equatable, Codable {
    /// What was changed.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case split, notSplit, merged, trimmed, delayed, extended, shotChange, emoji
    }

    public var kind: Kind
    public var message: String  // what happened, with times in seconds

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A hand-timed cue kept whole: of the `pieces` it would have been shown as, one would be
    /// on screen only `shortest` seconds, less than `minimum`.
    public static func notSplit(pieces: Int, shortest: Double, minimum: Double) -> CaptionChange {
        CaptionChange(
            .notSplit, "kept as one caption: of its \(pieces) pieces one would be on screen \(shortest.seconds), less than \(minimum.seconds)")
    }
}

extension Double {
    /// Seconds as `1.234 s`.
    var seconds: String { String(format: "%.3f s", self) }
}

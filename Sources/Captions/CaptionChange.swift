import Foundation

/// Something the Captions stage changed in a caption of the file (`lint` reports it): a cue
/// split into several captions, joined with the next, trimmed where the next starts, delayed
/// after another speaker's, extended to be read, or moved to a shot change.
public struct CaptionChange: Sendable, Equatable, Codable {
    /// What was changed.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case split, merged, trimmed, delayed, extended, shotChange
    }

    public var kind: Kind
    public var message: String  // what happened, with times in seconds

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

extension Double {
    /// Seconds as `1.234 s`.
    var seconds: String { String(format: "%.3f s", self) }
}

import Foundation
import Imaging

/// Something already in the picture that a caption must not cover (a face, a lower third, a
/// sign, a subtitle burned in), where it is and for how long it is seen.
public struct Obstacle: Sendable, Equatable, Codable {
    /// What an obstacle is.
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable, Comparable {
        case face, text
        /// A box from `--obstacles` that names no kind (another tool's).
        case other

        public static func < (a: Kind, b: Kind) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    /// Where an obstacle comes from.
    public enum Origin: String, Sendable, Equatable, Codable {
        /// Found by the analysis pass (`--avoid`).
        case detected
        /// Read from an `--obstacles` file.
        case file
    }

    public var kind: Kind
    public var box: Rect  // pixels of the upright video frame
    public var start: Double  // seconds from the timeline start
    public var end: Double  // seconds
    public var origin: Origin

    public init(kind: Kind, box: Rect, start: Double, end: Double, origin: Origin) {
        self.kind = kind
        self.box = box
        self.start = start
        self.end = end
        self.origin = origin
    }

    /// Whether it is on screen at some time of `start..<end` (seconds).
    public func isSeen(from start: Double, to end: Double) -> Bool { self.start < end && self.end > start }

    /// `kind at X,Y S–E s` (whole pixels, seconds to a tenth), as `lint` words a move.
    public var summary: String {
        String(format: "%@ at %.0f,%.0f %.1f–%.1f s", kind.rawValue, box.x, box.y, start, end)
    }
}

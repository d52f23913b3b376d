/// A stretch of caption text set with one face, one script and one direction.
public struct TextRun: Sendable, Equatable {
    public var range: Range<Int>  // UTF-8 byte offsets in the caption text
    public var font: Int  // index into the caption's faces
    public var script: String  // ISO 15924 code, e.g. "Latn", "Hani", "Arab"
    public var level: UInt8  // bidi embedding level: odd is right to left

    public var isRightToLeft: Bool { level % 2 == 1 }
}

import Imaging
import Layout

/// Paints a laid-out caption in a static look: the look with one state (`WordLook.still`),
/// drawn by a `StatePainter` as every word look is. The caption is then one layer: FreeType
/// coverage for the fill, colour glyphs (emoji), the whole text's dilated shape for the
/// outline, over an optional shadow and background box. Bottom to top: box, shadow, outline,
/// fill and colour glyphs.
public enum Rasterizer {
    /// The caption's bitmap, its faces taken from `faces`, or nil when it has no visible
    /// pixels. It grows to hold the shadow and the box.
    public static func render(_ caption: LaidOutCaption, style: RasterStyle, faces: FaceCache) throws -> CaptionBitmap? {
        try StatePainter(caption, look: .still(style), style: style, faces: faces).bitmap(.still)
    }
}

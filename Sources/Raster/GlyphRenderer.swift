import CFreeType
import CHarfBuzz
import Layout

/// A glyph's anti-aliased coverage, placed in frame pixels.
struct GlyphImage {
    var x: Int  // left edge, frame pixels
    var y: Int  // top edge, frame pixels
    var width: Int
    var height: Int
    var coverage: [UInt8]
}

/// Renders the glyphs of a laid-out caption with FreeType into one coverage mask.
public enum GlyphRenderer {
    /// The caption's coverage mask with `padding` empty pixels on every side, and the
    /// frame position of the mask's top-left pixel.
    public static func mask(for caption: LaidOutCaption, padding: Int) throws -> (
        mask: CoverageMask, x: Int, y: Int
    ) {
        let images = try glyphImages(caption)
        guard let first = images.first else { return (CoverageMask(width: 0, height: 0), 0, 0) }
        var minX = first.x
        var minY = first.y
        var maxX = first.x + first.width
        var maxY = first.y + first.height
        for image in images.dropFirst() {
            minX = min(minX, image.x)
            minY = min(minY, image.y)
            maxX = max(maxX, image.x + image.width)
            maxY = max(maxY, image.y + image.height)
        }
        let originX = minX - padding
        let originY = minY - padding
        var mask = CoverageMask(width: maxX - minX + 2 * padding, height: maxY - minY + 2 * padding)
        for image in images {
            for row in 0..<image.height {
                let base = (image.y - originY + row) * mask.width + (image.x - originX)
                for column in 0..<image.width {
                    let value = image.coverage[row * image.width + column]
                    if value > mask.values[base + column] { mask.values[base + column] = value }
                }
            }
        }
        return (mask, originX, originY)
    }

    /// Every glyph rendered at its sub-pixel position (1/64 pixel), so spacing matches the layout.
    /// Glyphs without outlines (colour emoji bitmaps) are left out here.
    static func glyphImages(_ caption: LaidOutCaption) throws -> [GlyphImage] {
        for face in caption.faces { try face.setSize(caption.fontSize) }
        var images: [GlyphImage] = []
        for line in caption.lines {
            for glyph in line.glyphs {
                let face = caption.faces[glyph.face]
                if let image = try render(
                    glyph.glyph, face: face, penX: caption.frame.x + glyph.x, penY: caption.frame.y + glyph.baseline)
                {
                    images.append(image)
                }
            }
        }
        return images
    }

    /// One glyph's coverage with its pen at (`penX`, `penY`) in frame pixels.
    private static func render(_ glyph: UInt32, face: FontFace, penX: Double, penY: Double) throws -> GlyphImage? {
        let path = face.file.path
        return try face.withFreeTypeFace { ftFace -> GlyphImage? in
            let baseX = penX.rounded(.down)
            let baseY = penY.rounded(.down)
            try FontError.check(FT_Load_Glyph(ftFace, glyph, FontFace.loadFlags), "FT_Load_Glyph", file: path)
            guard let slot = ftFace.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            // FreeType's y axis points up: moving the pen down is a negative shift.
            FT_Outline_Translate(
                &slot.pointee.outline, FT_Pos(((penX - baseX) * 64).rounded()), -FT_Pos(((penY - baseY) * 64).rounded()))
            try FontError.check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph", file: path)
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width)
            let height = Int(bitmap.rows)
            guard width > 0, height > 0, let buffer = bitmap.buffer else { return nil }
            var coverage = [UInt8](repeating: 0, count: width * height)
            let pitch = Int(bitmap.pitch)
            for row in 0..<height {
                let source = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
                for column in 0..<width { coverage[row * width + column] = buffer[source + column] }
            }
            return GlyphImage(
                x: Int(baseX) + Int(slot.pointee.bitmap_left), y: Int(baseY) - Int(slot.pointee.bitmap_top),
                width: width, height: height, coverage: coverage)
        }
    }
}

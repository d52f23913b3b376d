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

/// The glyphs of a caption drawn on one grid: text coverage and the colour (emoji) layer.
struct GlyphLayers: Sendable, Equatable {
    /// Coverage of the outline glyphs (0...255), painted with the fill colour.
    var text: CoverageMask
    /// Colour glyphs (emoji), premultiplied RGBA, same size as `text`; nil when there are none.
    var color: ColorLayer?
    var x: Int  // frame pixels, left edge of both layers
    var y: Int  // frame pixels, top edge of both layers

    /// What the outline goes around: the text coverage and the colour glyphs' alpha, whichever is larger.
    var shape: CoverageMask {
        guard let color else { return text }
        var shape = text
        for i in shape.values.indices {
            let alpha = color.pixels[i * 4 + 3]
            if alpha > shape.values[i] { shape.values[i] = alpha }
        }
        return shape
    }
}

/// A glyph with its pen in frame pixels; `face` indexes the fonts it is drawn with.
struct PlacedGlyph: Sendable, Equatable {
    var face: Int
    var glyph: UInt32
    var penX: Double  // frame pixels
    var penY: Double  // frame pixels, the baseline
}

/// Renders the glyphs of a laid-out caption with FreeType: outline glyphs into one coverage
/// mask, colour bitmap glyphs (emoji) scaled to the font size into one colour layer.
public enum GlyphRenderer {
    /// Text coverage and colour glyphs with `padding` empty pixels on every side; nil when the
    /// caption draws nothing.
    static func layers(for caption: LaidOutCaption, padding: Int, faces: FaceCache) throws -> GlyphLayers? {
        let glyphs = caption.lines.flatMap { line in
            line.glyphs.map {
                PlacedGlyph(
                    face: $0.face, glyph: $0.glyph, penX: caption.frame.x + $0.x, penY: caption.frame.y + $0.baseline)
            }
        }
        return try layers(glyphs, fonts: caption.fonts, size: caption.fontSize, padding: padding, faces: faces)
    }

    /// `glyphs` of `fonts` at `size` pixels drawn on one grid, with `padding` empty pixels on
    /// every side; nil when they draw nothing.
    static func layers(_ glyphs: [PlacedGlyph], fonts: [FontFile], size: Double, padding: Int, faces: FaceCache) throws
        -> GlyphLayers?
    {
        let (images, colors) = try glyphImages(glyphs, fonts: fonts, size: size, faces: faces)
        let boxes =
            images.map { (x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
            + colors.map { (x: $0.x, y: $0.y, width: $0.layer.width, height: $0.layer.height) }
        guard let first = boxes.first else { return nil }
        var minX = first.x
        var minY = first.y
        var maxX = first.x + first.width
        var maxY = first.y + first.height
        for box in boxes.dropFirst() {
            minX = min(minX, box.x)
            minY = min(minY, box.y)
            maxX = max(maxX, box.x + box.width)
            maxY = max(maxY, box.y + box.height)
        }
        let originX = minX - padding
        let originY = minY - padding
        let width = maxX - minX + 2 * padding
        let height = maxY - minY + 2 * padding
        var mask = CoverageMask(width: width, height: height)
        for image in images {
            for row in 0..<image.height {
                let base = (image.y - originY + row) * mask.width + (image.x - originX)
                for column in 0..<image.width {
                    let value = image.coverage[row * image.width + column]
                    if value > mask.values[base + column] { mask.values[base + column] = value }
                }
            }
        }
        var color = colors.isEmpty ? nil : ColorLayer(width: width, height: height)
        for glyph in colors { color?.draw(glyph.layer, x: glyph.x - originX, y: glyph.y - originY) }
        return GlyphLayers(text: mask, color: color, x: originX, y: originY)
    }

    /// Every glyph rendered at its sub-pixel position (1/64 pixel), so spacing matches the layout:
    /// outline glyphs as coverage, colour bitmap glyphs (emoji) as scaled RGBA.
    static func glyphImages(_ glyphs: [PlacedGlyph], fonts: [FontFile], size: Double, faces cache: FaceCache) throws
        -> (images: [GlyphImage], colors: [ColorGlyph])
    {
        let faces = try fonts.map { try cache.face($0, size: size) }
        var images: [GlyphImage] = []
        var colors: [ColorGlyph] = []
        for glyph in glyphs {
            switch try render(glyph.glyph, face: faces[glyph.face], penX: glyph.penX, penY: glyph.penY) {
            case .coverage(let image): images.append(image)
            case .color(let image): colors.append(image)
            case nil: break
            }
        }
        return (images, colors)
    }

    private enum Rendered {
        case coverage(GlyphImage)
        case color(ColorGlyph)
    }

    /// One glyph with its pen at (`penX`, `penY`) in frame pixels.
    private static func render(_ glyph: UInt32, face: SizedFace, penX: Double, penY: Double) throws -> Rendered? {
        let path = face.file.path
        let scale = face.scale
        return try face.withFreeTypeFace { ftFace -> Rendered? in
            let hasColor = burn_ft_has_color(ftFace) != 0
            let flags = SizedFace.loadFlags | (hasColor ? burn_ft_load_color() : 0)
            try FontError.check(FT_Load_Glyph(ftFace, glyph, flags), "FT_Load_Glyph", file: path)
            guard let slot = ftFace.pointee.glyph else { return nil }
            if slot.pointee.format == FT_GLYPH_FORMAT_BITMAP {
                return ColorGlyph.make(slot: slot, scale: scale, penX: penX, penY: penY).map { .color($0) }
            }
            guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            let baseX = penX.rounded(.down)
            let baseY = penY.rounded(.down)
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
            return .coverage(
                GlyphImage(
                    x: Int(baseX) + Int(slot.pointee.bitmap_left), y: Int(baseY) - Int(slot.pointee.bitmap_top),
                    width: width, height: height, coverage: coverage))
        }
    }
}

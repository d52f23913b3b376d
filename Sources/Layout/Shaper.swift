import CFreeType
import CHarfBuzz

/// One glyph as HarfBuzz placed it. // pixels
public struct ShapedGlyph: Sendable, Equatable {
    public var glyph: UInt32
    public var cluster: Int  // UTF-8 byte offset of the text it came from
    public var xAdvance: Double
    public var xOffset: Double
    public var yOffset: Double  // up is positive, as in HarfBuzz
}

/// Shapes text with HarfBuzz on a face at its current size.
public enum Shaper {
    /// Glyphs of `text` in visual order; `language` is a BCP-47 tag for `locl` forms.
    public static func shape(_ text: String, face: FontFace, language: String?) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        if let language {
            hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        }
        hb_buffer_guess_segment_properties(buffer)
        face.withHarfBuzzFont { font in hb_shape(font, buffer, nil, 0) }

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                xAdvance: Double(positions[i].x_advance) / 64, xOffset: Double(positions[i].x_offset) / 64,
                yOffset: Double(positions[i].y_offset) / 64)
        }
    }
}

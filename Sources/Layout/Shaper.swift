import CFreeType
import CHarfBuzz

/// One glyph as HarfBuzz placed it. // pixels
public struct ShapedGlyph: Sendable, Equatable {
    public var glyph: UInt32
    public var cluster: Int  // UTF-8 byte offset in the text it came from
    public var xAdvance: Double
    public var xOffset: Double
    public var yOffset: Double  // up is positive, as in HarfBuzz
}

/// Shapes text with HarfBuzz (hb-ft) on a face at its current size.
public enum Shaper {
    /// Glyphs of `range` of `text` (UTF-8 bytes), in visual order, with the rest of the text as
    /// context; `script` is ISO 15924, `language` BCP-47 (it selects `locl` forms, such as
    /// Japanese glyphs in a Pan-CJK face).
    public static func shape(
        _ text: [UInt8], range: Range<Int>, face: FontFace, script: String?, rightToLeft: Bool?, language: String?
    ) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create(), !range.isEmpty else { return [] }
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(
                    buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        if let rightToLeft { hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
        if let script, script != "Zyyy" { hb_buffer_set_script(buffer, hb_script_from_string(script, -1)) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_buffer_guess_segment_properties(buffer)
        face.withHarfBuzzFont { font in hb_shape(font, buffer, nil, 0) }

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        let scale = face.scale / 64  // 26.6, and bitmap strikes scaled to the size
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                xAdvance: Double(positions[i].x_advance) * scale, xOffset: Double(positions[i].x_offset) * scale,
                yOffset: Double(positions[i].y_offset) * scale)
        }
    }

    /// Glyphs of all of `text` on one face, direction and script guessed.
    public static func shape(_ text: String, face: FontFace, language: String?) -> [ShapedGlyph] {
        let bytes = Array(text.utf8)
        return shape(bytes, range: 0..<bytes.count, face: face, script: nil, rightToLeft: nil, language: language)
    }
}

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

/// Shapes text with HarfBuzz (hb-ft) on a sized face, in one buffer reused for every run.
public final class Shaper {
    private let buffer: OpaquePointer  // hb_buffer_t*

    public init() throws {
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            throw FontError.harfBuzz("cannot create a shaping buffer")
        }
        self.buffer = buffer
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Glyphs of `range` of `text` (UTF-8 bytes), in visual order, with the rest of the text as
    /// context; `script` is ISO 15924, `language` BCP-47 (it selects `locl` forms, such as
    /// Japanese glyphs in a Pan-CJK face).
    public func shape(
        _ text: [UInt8], range: Range<Int>, face: SizedFace, script: String?, rightToLeft: Bool?, language: String?
    ) throws -> [ShapedGlyph] {
        guard !range.isEmpty else { return [] }
        hb_buffer_clear_contents(buffer)
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
        try face.withHarfBuzzFont { font in hb_shape(font, buffer, nil, 0) }

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
    public func shape(_ text: String, face: SizedFace, language: String?) throws -> [ShapedGlyph] {
        let bytes = Array(text.utf8)
        return try shape(bytes, range: 0..<bytes.count, face: face, script: nil, rightToLeft: nil, language: language)
    }
}

import CFreeType
import CHarfBuzz

/// The FreeType library handle every face is opened with.
public final class FontLibrary {
    let handle: FT_Library

    public init() throws {
        var library: FT_Library?
        try FontError.check(FT_Init_FreeType(&library), "FT_Init_FreeType", file: "FreeType")
        guard let library else { throw FontError.freeType(code: -1, operation: "FT_Init_FreeType", file: "FreeType") }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// Vertical metrics of a face at its current size. // pixels
public struct FontMetrics: Sendable, Equatable {
    public var ascender: Double  // above the baseline, positive
    public var descender: Double  // below the baseline, positive
    public var lineHeight: Double
}

/// One face of a font file, opened in FreeType with a HarfBuzz font on top, set to one size.
public final class FontFace {
    public let file: FontFile
    private let library: FontLibrary
    private let face: FT_Face
    private let hbFont: OpaquePointer  // hb_font_t*
    public private(set) var size: Double = 0  // pixels
    /// Bitmap-only faces (Noto Color Emoji) have fixed strikes: their glyphs and advances are
    /// scaled by this to the requested size. 1 for outline faces.
    public private(set) var scale: Double = 1

    /// Glyphs are loaded unhinted everywhere, so layout and pixels agree across FreeType builds.
    package static let loadFlags = burn_ft_load_no_hinting()

    public init(file: FontFile, library: FontLibrary) throws {
        var face: FT_Face?
        try FontError.check(FT_New_Face(library.handle, file.path, file.index, &face), "FT_New_Face", file: file.path)
        guard let face else { throw FontError.freeType(code: -1, operation: "FT_New_Face", file: file.path) }
        guard let hbFont = hb_ft_font_create_referenced(face) else {
            FT_Done_Face(face)
            throw FontError.harfBuzz("cannot create a font for \(file.path)")
        }
        hb_ft_font_set_load_flags(hbFont, Self.loadFlags)
        self.file = file
        self.library = library
        self.face = face
        self.hbFont = hbFont
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// Whether the face is drawn from outlines (else from fixed bitmap strikes).
    public var isScalable: Bool { burn_ft_is_scalable(face) != 0 }

    /// Sets the em size. // pixels
    public func setSize(_ pixels: Double) throws {
        guard pixels != size else { return }
        if isScalable {
            let size26_6 = FT_F26Dot6((pixels * 64).rounded())
            try FontError.check(FT_Set_Char_Size(face, 0, size26_6, 72, 72), "FT_Set_Char_Size", file: file.path)
            scale = 1
        } else {
            // The smallest strike at least as large as asked, else the largest; scaled from there.
            let strikes = (0..<Int(face.pointee.num_fixed_sizes)).map { face.pointee.available_sizes[$0] }
            guard !strikes.isEmpty else {
                throw FontError.freeType(code: -1, operation: "FT_Select_Size (no strikes)", file: file.path)
            }
            let ppem = strikes.map { Double($0.y_ppem) / 64 }
            let chosen = ppem.indices.filter { ppem[$0] >= pixels }.min { ppem[$0] < ppem[$1] }
                ?? ppem.indices.max { ppem[$0] < ppem[$1] }!
            try FontError.check(FT_Select_Size(face, Int32(chosen)), "FT_Select_Size", file: file.path)
            scale = pixels / ppem[chosen]
        }
        hb_ft_font_changed(hbFont)
        size = pixels
    }

    /// Ascender, descender and line height at the current size.
    public var metrics: FontMetrics {
        let m = face.pointee.size.pointee.metrics
        return FontMetrics(
            ascender: Double(m.ascender) / 64 * scale, descender: Double(-m.descender) / 64 * scale,
            lineHeight: Double(m.height) / 64 * scale)
    }

    /// Runs `body` with the FreeType face; for the rasterizer, inside this package only.
    package func withFreeTypeFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R { try body(face) }

    /// Runs `body` with the HarfBuzz font; for the shaper.
    func withHarfBuzzFont<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R { try body(hbFont) }
}

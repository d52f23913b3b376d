import Imaging
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

/// Vertical metrics of a face at one size. // pixels
public struct FontMetrics: Sendable, Equatable {
    public var ascender: Double  // above the baseline, positive
    public var descender: Double  // below the baseline, positive
    public var lineHeight: Double
}

/// One face of a font file, opened in FreeType with a HarfBuzz font on top. Its sizes are
/// `SizedFace`s (one `FT_Size` each); whichever is used activates itself first, so the face
/// itself holds no size anyone depends on. Only `FaceCache` makes them.
final class FontFace {
    let file: FontFile
    let handle: FT_Face
    let hbFont: OpaquePointer  // hb_font_t*
    private let library: FontLibrary  // outlives the face
    private var active: FT_Size?  // the size FreeType and HarfBuzz are set to

    init(file: FontFile, library: FontLibrary) throws {
        var face: FT_Face?
        try FontError.check(FT_New_Face(library.handle, file.path, file.index, &face), "FT_New_Face", file: file.path)
        guard let face else { throw FontError.freeType(code: -1, operation: "FT_New_Face", file: file.path) }
        guard let hbFont = hb_ft_font_create_referenced(face) else {
            FT_Done_Face(face)
            throw FontError.harfBuzz("cannot create a font for \(file.path)")
        }
        hb_ft_font_set_load_flags(hbFont, SizedFace.loadFlags)
        self.file = file
        self.library = library
        self.handle = face
        self.hbFont = hbFont
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(handle)
    }

    /// Makes `size` the one FreeType and HarfBuzz use (HarfBuzz re-reads the scale and drops
    /// the advances it cached for another size).
    func activate(_ size: FT_Size) throws {
        guard active != size else { return }
        try FontError.check(FT_Activate_Size(size), "FT_Activate_Size", file: file.path)
        hb_ft_font_changed(hbFont)
        active = size
    }

    /// Activates the new size object `size`, sets it up with `set`, and has HarfBuzz read it.
    func configure<R>(_ size: FT_Size, _ set: (FT_Face) throws -> R) throws -> R {
        active = nil
        try FontError.check(FT_Activate_Size(size), "FT_Activate_Size", file: file.path)
        let result = try set(handle)
        hb_ft_font_changed(hbFont)
        active = size
        return result
    }
}

/// A face at one em size: its own `FT_Size`, the scale of a bitmap-only face's strike, and
/// its metrics. Immutable once made; `FaceCache` keys it by file, face index and size.
public final class SizedFace {
    public let file: FontFile
    public let size: Double  // pixels
    /// Bitmap-only faces (Noto Color Emoji) have fixed strikes: their glyphs and advances are
    /// scaled by this to the size. 1 for outline faces.
    public let scale: Double
    /// Ascender, descender and line height at this size.
    public let metrics: FontMetrics
    private let face: FontFace  // outlives `handle`, which FT_Done_Face would free
    private let handle: FT_Size

    /// Glyphs are loaded unhinted everywhere, so layout and pixels agree across FreeType builds.
    package static let loadFlags = burn_ft_load_no_hinting()

    init(face: FontFace, size pixels: Double) throws {
        var created: FT_Size?
        try FontError.check(FT_New_Size(face.handle, &created), "FT_New_Size", file: face.file.path)
        guard let handle = created else { throw FontError.freeType(code: -1, operation: "FT_New_Size", file: face.file.path) }
        let scale: Double
        do {
            scale = try face.configure(handle) { try Self.setSize(pixels, face: $0, path: face.file.path) }
        } catch {
            FT_Done_Size(handle)
            throw error
        }
        let m = handle.pointee.metrics
        self.metrics = FontMetrics(
            ascender: Double(m.ascender) / 64 * scale, descender: Double(-m.descender) / 64 * scale,
            lineHeight: Double(m.height) / 64 * scale)
        self.file = face.file
        self.size = pixels
        self.scale = scale
        self.face = face
        self.handle = handle
    }

    deinit { FT_Done_Size(handle) }

    /// Sets the active size of `face` to `pixels`: the em size of an outline face, else the
    /// smallest strike at least as large (or the largest), returning the scale from the strike.
    private static func setSize(_ pixels: Double, face: FT_Face, path: String) throws -> Double {
        if burn_ft_is_scalable(face) != 0 {
            let size26_6 = FT_F26Dot6((pixels * 64).rounded())
            try FontError.check(FT_Set_Char_Size(face, 0, size26_6, 72, 72), "FT_Set_Char_Size", file: path)
            return 1
        }
        let strikes = (0..<Int(face.pointee.num_fixed_sizes)).map { face.pointee.available_sizes[$0] }
        guard !strikes.isEmpty else { throw FontError.freeType(code: -1, operation: "FT_Select_Size (no strikes)", file: path) }
        let ppem = strikes.map { Double($0.y_ppem) / 64 }
        let chosen = ppem.indices.filter { ppem[$0] >= pixels }.min { ppem[$0] < ppem[$1] }
            ?? ppem.indices.max { ppem[$0] < ppem[$1] }!
        try FontError.check(FT_Select_Size(face, Int32(chosen)), "FT_Select_Size", file: path)
        return pixels / ppem[chosen]
    }

    /// Runs `body` with the FreeType face set to this size; for the rasterizer, inside this package only.
    package func withFreeTypeFace<R>(_ body: (FT_Face) throws -> R) throws -> R {
        try face.activate(handle)
        return try body(face.handle)
    }

    /// The ink box of `glyph` around its pen (pixels, y down): empty for a glyph without ink.
    func inkBox(of glyph: UInt32) throws -> Rect {
        var extents = hb_glyph_extents_t()
        let found = try withHarfBuzzFont { hb_font_get_glyph_extents($0, glyph, &extents) }
        guard found != 0 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let unit = scale / 64  // 26.6, and bitmap strikes scaled to the size
        return Rect(
            x: Double(extents.x_bearing) * unit, y: -Double(extents.y_bearing) * unit,
            width: Double(extents.width) * unit, height: -Double(extents.height) * unit)
    }

    /// Runs `body` with the HarfBuzz font set to this size; for the shaper.
    func withHarfBuzzFont<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        try face.activate(handle)
        return try body(face.hbFont)
    }
}

import Caching

/// Faces at sizes: one FreeType face and HarfBuzz font per font file, one `SizedFace` per
/// (file, face index, size), the least recently used sizes dropped past the limit. Layout
/// and Raster take their faces from here, so glyph positions and pixels depend only on that
/// key, never on which size was used last.
/// One thread uses a cache (the engine's); a laid-out caption names files and a size, not faces.
public final class FaceCache {
    private let library: FontLibrary
    private var faces: [FontFile: FontFace] = [:]
    /// By file and size: shrinking steps give each font a few dozen sizes.
    private var sized = BoundedCache<Key, SizedFace>(limit: 512)

    private struct Key: Hashable {
        var file: FontFile
        var size: Double  // pixels
    }

    public init() throws { library = try FontLibrary() }

    /// `file` at `size` pixels, opened on first use.
    public func face(_ file: FontFile, size: Double) throws -> SizedFace {
        let key = Key(file: file, size: size)
        if let face = sized.value(for: key) { return face }
        let face = try faces[file] ?? FontFace(file: file, library: library)
        faces[file] = face
        let result = try SizedFace(face: face, size: size)
        sized.insert(result, for: key)
        return result
    }
}

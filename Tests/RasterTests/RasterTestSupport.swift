import Captions
import Foundation
import Imaging
import Layout
import TestSupport

@testable import Raster

/// Layout for raster tests: Fonts.conf of the repository, a 640x360 frame.
enum RasterTestSupport {
    static let fontsConf = Repository.fontsConf

    /// `text` laid out in Noto Sans of `weight` at `size` pixels, centred in a 640x360 frame.
    static func layout(
        _ text: String, size: Double, weight: Int = 700, language: String? = nil, width: Double = 640,
        anchorX: Double = 320, anchorY: Double = 180
    ) throws -> LaidOutCaption {
        let style = TextStyle(
            family: "Noto Sans", weight: weight, size: size, minimumSize: size,
            safeArea: Rect(x: 0, y: 0, width: width, height: 360), anchorX: anchorX, anchorY: anchorY)
        return try LayoutEngine(fontsConf: fontsConf, phrases: try Repository.phrases()).layout(
            Caption(text: text, start: 0, end: 1, language: language), style: style, language: language)
    }
}

/// A binary image's edge pixels: set pixels with at least one of their four neighbours unset.
struct EdgePixels {
    var points: [(x: Int, y: Int)] = []

    init(width: Int, height: Int, isSet: (Int, Int) -> Bool) {
        for y in 0..<height {
            for x in 0..<width where isSet(x, y) {
                let neighbours = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                if neighbours.contains(where: { n in
                    n.0 < 0 || n.1 < 0 || n.0 >= width || n.1 >= height || !isSet(n.0, n.1)
                }) {
                    points.append((x, y))
                }
            }
        }
    }

    /// Euclidean distance (pixels, centre to centre) from (`x`, `y`) to the nearest edge pixel.
    func distance(fromX x: Int, y: Int) -> Double {
        var best = Int.max
        for p in points {
            let d = (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)
            if d < best { best = d }
        }
        return Double(best).squareRoot()
    }
}

extension Rasterizer {
    /// `render` with faces from a cache of its own: any cache gives the same faces for a file and size.
    static func render(_ caption: LaidOutCaption, style: RasterStyle) throws -> CaptionBitmap? {
        try render(caption, style: style, faces: FaceCache())
    }
}

extension GlyphRenderer {
    /// `layers` with faces from a cache of its own.
    static func layers(for caption: LaidOutCaption, padding: Int) throws -> GlyphLayers? {
        try layers(for: caption, padding: padding, faces: FaceCache())
    }
}

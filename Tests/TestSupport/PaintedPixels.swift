import Imaging

/// A caption bitmap's painted pixels, compared by position in the frame. In TestSupport, which
/// `make test` builds optimized, because the look and safe-area suites visit every pixel of
/// thousands of bitmaps.
public struct PaintedPixels {
    /// A pixel in frame coordinates.
    public struct Point: Hashable, CustomStringConvertible {
        public var x: Int
        public var y: Int
        public var description: String { "(\(x), \(y))" }
    }
    public let bitmap: CaptionBitmap?

    public init(_ bitmap: CaptionBitmap?) { self.bitmap = bitmap }

    /// Every pixel with some alpha.
    public var painted: [Point] {
        guard let bitmap else { return [] }
        var result: [Point] = []
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for i in 0..<(bitmap.width * bitmap.height) where pixels[i &* 4 &+ 3] != 0 {
                result.append(Point(x: bitmap.x + i % bitmap.width, y: bitmap.y + i / bitmap.width))
            }
        }
        return result
    }

    /// The pixels that differ between the two pictures.
    public func differences(from other: PaintedPixels) -> [Point] {
        guard let a = bitmap, let b = other.bitmap else { return (bitmap == nil ? other : self).painted }
        // Both on one grid: the union of the two, each pixel's four bytes as one number.
        let left = min(a.x, b.x)
        let top = min(a.y, b.y)
        let width = max(a.x + a.width, b.x + b.width) - left
        let height = max(a.y + a.height, b.y + b.height) - top
        func grid(_ bitmap: CaptionBitmap) -> [UInt32] {
            var values = [UInt32](repeating: 0, count: width * height)
            bitmap.pixels.withUnsafeBytes { bytes in
                let source = bytes.bindMemory(to: UInt32.self)
                values.withUnsafeMutableBufferPointer { target in
                    for row in 0..<bitmap.height {
                        let from = row * bitmap.width
                        let to = (bitmap.y - top + row) * width + bitmap.x - left
                        for column in 0..<bitmap.width { target[to &+ column] = source[from &+ column] }
                    }
                }
            }
            return values
        }
        let first = grid(a)
        let second = grid(b)
        var result: [Point] = []
        for i in 0..<first.count where first[i] != second[i] {
            result.append(Point(x: left + i % width, y: top + i / width))
        }
        return result
    }

    /// The points of `points` whose pixel lies wholly inside none of `areas`.
    public static func outside(_ areas: [Rect], _ points: [Point]) -> [Point] {
        points.filter { point in !areas.contains { $0.containsPixel(point) } }
    }

    /// Frame pixels a blend of `bitmap` into a 4:2:0 frame changes that are not wholly inside
    /// `area` (a pixel (x, y) covers x..<x+1, y..<y+1), or that fall off the frame: luma where
    /// the bitmap paints, chroma over the whole 2x2 block of every painted pixel.
    public static func blendedOutside(_ area: Rect, of bitmap: CaptionBitmap, frameWidth: Int, frameHeight: Int)
        -> [(x: Int, y: Int)]
    {
        var changed = Set<Int>()
        for row in 0..<bitmap.height {
            for column in 0..<bitmap.width where bitmap.alpha(x: column, y: row) > 0 {
                let blockX = (bitmap.x + column) & ~1
                let blockY = (bitmap.y + row) & ~1
                for dy in 0..<2 { for dx in 0..<2 { changed.insert((blockY + dy) * 100_000 + blockX + dx) } }
            }
        }
        return changed.sorted().compactMap { key -> (x: Int, y: Int)? in
            let x = key % 100_000
            let y = key / 100_000
            let inside =
                Double(x) >= area.x && Double(x + 1) <= area.maxX && Double(y) >= area.y && Double(y + 1) <= area.maxY
                && x < frameWidth && y < frameHeight
            return inside ? nil : (x, y)
        }
    }
}

extension Rect {
    /// Whether the pixel at `point` (its whole square) lies inside.
    public func containsPixel(_ point: PaintedPixels.Point) -> Bool {
        Double(point.x) >= x.rounded(.down) && Double(point.x + 1) <= maxX.rounded(.up) && Double(point.y) >= y.rounded(.down)
            && Double(point.y + 1) <= maxY.rounded(.up)
    }
}

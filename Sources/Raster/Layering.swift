import Imaging

extension CaptionBitmap {
    /// `bitmaps` drawn in order, each over the ones before (source-over, premultiplied), on
    /// one bitmap just large enough for all of them: the captions on screen at one time.
    public static func layered(_ bitmaps: [CaptionBitmap]) -> CaptionBitmap? {
        guard let first = bitmaps.first else { return nil }
        guard bitmaps.count > 1 else { return first }
        let minX = bitmaps.map(\.x).min()!
        let minY = bitmaps.map(\.y).min()!
        let maxX = bitmaps.map { $0.x + $0.width }.max()!
        let maxY = bitmaps.map { $0.y + $0.height }.max()!
        var canvas = ColorLayer(width: maxX - minX, height: maxY - minY)
        for bitmap in bitmaps {
            canvas.draw(
                ColorLayer(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels), x: bitmap.x - minX,
                y: bitmap.y - minY)
        }
        return CaptionBitmap(x: minX, y: minY, width: canvas.width, height: canvas.height, pixels: canvas.pixels)
    }
}

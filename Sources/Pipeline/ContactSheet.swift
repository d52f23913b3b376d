import Captions
import Foundation
import Layout
import Media
import Raster

/// A grid of thumbnails with a label under each, on a dark canvas.
final class ContactSheet {
    static let gap = 16  // pixels
    static let labelHeight = 44  // pixels
    static let labelSize = 24.0  // pixels

    let canvas: Canvas
    private let columns: Int
    private let thumbWidth: Int  // pixels, even
    private let thumbHeight: Int  // pixels, even

    /// Thumbnails a quarter of the frame's width (at most 360 px), keeping its shape.
    init(count: Int, columns: Int, frameWidth: Int, frameHeight: Int) throws {
        self.columns = max(1, min(columns, count))
        thumbWidth = max(2, min(360, frameWidth / 4)) & ~1
        thumbHeight = max(2, thumbWidth * frameHeight / max(1, frameWidth)) & ~1
        let rows = max(1, (count + self.columns - 1) / self.columns)
        let width = self.columns * (thumbWidth + Self.gap) + Self.gap
        let height = rows * (thumbHeight + Self.labelHeight + Self.gap) + Self.gap
        canvas = try Canvas(width: (width + 1) & ~1, height: (height + 1) & ~1, luma: 24)
    }

    /// Puts `frame` scaled in cell `index` and `label` under it.
    func add(_ frame: Canvas, at index: Int, label: String, engine: LayoutEngine) throws {
        let x = Self.gap + (index % columns) * (thumbWidth + Self.gap)
        let y = Self.gap + (index / columns) * (thumbHeight + Self.labelHeight + Self.gap)
        try canvas.place(frame, x: x, y: y, width: thumbWidth, height: thumbHeight)
        let area = Rect(
            x: Double(x), y: Double(y + thumbHeight), width: Double(thumbWidth), height: Double(Self.labelHeight))
        let style = TextStyle(
            family: "Noto Sans", weight: 400, size: Self.labelSize, minimumSize: 12, maximumLines: 1, safeArea: area,
            anchorX: area.midX, anchorY: area.midY)
        let layout = try engine.layout(Caption(text: label, start: 0, end: 1, language: "en"), style: style)
        if let bitmap = try Rasterizer.render(layout, style: RasterStyle(fill: .white, outline: .black, outlineRadius: 0)) {
            canvas.blend(bitmap)
        }
    }

    /// `0:00.50 – 0:02.03`.
    static func label(_ caption: Caption) -> String {
        "\(clock(caption.start)) – \(clock(caption.end))"
    }

    private static func clock(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        return String(format: "%d:%02d.%02d", hundredths / 6000, hundredths / 100 % 60, hundredths % 100)
    }
}

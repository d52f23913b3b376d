import Captions
import Foundation
import Imaging
import Layout
import Media
import Pipeline
import Raster

/// A contact sheet in pages: a grid of thumbnails with a label under each, on a dark canvas.
/// A page is at most `maximumHeight` pixels tall, and only the pages being filled are held,
/// so memory does not grow with the number of captions.
final class ContactSheet {
    static let gap = 16  // pixels
    static let labelHeight = 44  // pixels
    static let labelSize = 24.0  // pixels
    static let maximumHeight = 4096  // pixels, of a page

    let count: Int
    let perPage: Int  // thumbnails on a full page
    private let columns: Int
    private let thumbWidth: Int  // pixels, even
    private let thumbHeight: Int  // pixels, even
    private var pages: [Int: (canvas: Canvas, filled: Int)] = [:]  // the pages being filled

    /// Thumbnails `thumbnailWidth` pixels wide (nil: a quarter of the frame's width, at most
    /// 360 px), keeping the frame's shape; as many rows to a page as fit in `maximumHeight`.
    init(count: Int, columns: Int, frameWidth: Int, frameHeight: Int, thumbnailWidth: Int? = nil) {
        self.count = count
        self.columns = max(1, min(columns, count))
        thumbWidth = max(2, thumbnailWidth ?? min(360, frameWidth / 4)) & ~1
        thumbHeight = max(2, thumbWidth * frameHeight / max(1, frameWidth)) & ~1
        let rows = max(1, (Self.maximumHeight - Self.gap) / (thumbHeight + Self.labelHeight + Self.gap))
        perPage = rows * self.columns
    }

    /// How many pages the sheet has.
    var pageCount: Int { max(1, (count + perPage - 1) / perPage) }

    /// Puts `frame` scaled in cell `index` and `label` under it; returns the page (0-based)
    /// and its canvas once its last cell is filled, and forgets it.
    func add(_ frame: Canvas, at index: Int, label: String, engine: LayoutEngine) throws -> (page: Int, canvas: Canvas)? {
        let page = index / perPage
        let cell = index % perPage
        let canvas = try pages[page]?.canvas ?? makePage(page)
        let x = Self.gap + (cell % columns) * (thumbWidth + Self.gap)
        let y = Self.gap + (cell / columns) * (thumbHeight + Self.labelHeight + Self.gap)
        try canvas.place(frame, x: x, y: y, width: thumbWidth, height: thumbHeight)
        let area = Rect(
            x: Double(x), y: Double(y + thumbHeight), width: Double(thumbWidth), height: Double(Self.labelHeight))
        let style = TextStyle(
            family: "Noto Sans", weight: 400, size: Self.labelSize, minimumSize: 12, maximumLines: 1, safeArea: area,
            anchorX: area.midX, anchorY: area.midY)
        let layout = try engine.layout(Caption(text: label, start: 0, end: 1, language: "en"), style: style)
        if let bitmap = try Rasterizer.render(layout, style: RasterStyle(fill: .white, outline: .black, outlineRadius: 0), faces: engine.faces) {
            canvas.blend(bitmap)
        }
        let filled = (pages[page]?.filled ?? 0) + 1
        guard filled == cells(on: page) else {
            pages[page] = (canvas, filled)
            return nil
        }
        pages[page] = nil
        return (page, canvas)
    }

    /// Thumbnails on page `page`: `perPage`, fewer on the last.
    private func cells(on page: Int) -> Int { min(perPage, count - page * perPage) }

    private func makePage(_ page: Int) throws -> Canvas {
        let rows = (cells(on: page) + columns - 1) / columns
        let width = columns * (thumbWidth + Self.gap) + Self.gap
        let height = rows * (thumbHeight + Self.labelHeight + Self.gap) + Self.gap
        return try Canvas(width: (width + 1) & ~1, height: (height + 1) & ~1, luma: 24)
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

import Imaging

/// A caption's text over its shadows over its box, composited on a bitmap just large enough
/// for all, and kept between word states: where the text changed, only that area (and, where
/// its alpha changed, the shadows' reach around it) is drawn again. Every bitmap equals the
/// one drawn whole from the same text.
struct Underlay {
    /// Frame pixels of the bitmap's top-left pixel.
    let x: Int
    let y: Int
    private let text: (x: Int, y: Int, width: Int, height: Int)  // frame pixels of the text layer
    private let shadows: [RasterStyle.Shadow]  // bottom first
    private let places: [(x: Int, y: Int)]  // each shadow layer's top-left pixel in the bitmap
    private var layers: [ColorLayer]  // each shadow, tinted: the text's size grown by its reach
    private let box: ColorLayer?  // the box at the bitmap's size
    /// The composited pixels.
    private(set) var bitmap: ColorLayer

    /// An empty underlay for a text layer of `width` x `height` pixels placed at `x`, `y`
    /// (frame pixels), with `style`'s shadows and its box around `frame`.
    init(textX: Int, textY: Int, width: Int, height: Int, frame: Rect, style: RasterStyle) {
        var minX = textX
        var minY = textY
        var maxX = textX + width
        var maxY = textY + height
        var placed: [(x: Int, y: Int)] = []
        for shadow in style.shadows {
            let offset = shadow.pixelOffset
            let reach = shadow.reach
            let origin = (x: textX + offset.x - reach, y: textY + offset.y - reach)
            placed.append(origin)
            minX = min(minX, origin.x)
            minY = min(minY, origin.y)
            maxX = max(maxX, origin.x + width + 2 * reach)
            maxY = max(maxY, origin.y + height + 2 * reach)
        }
        if let box = style.box {
            let rect = box.rect(around: frame)
            minX = min(minX, Int(rect.x.rounded(.down)))
            minY = min(minY, Int(rect.y.rounded(.down)))
            maxX = max(maxX, Int(rect.maxX.rounded(.up)))
            maxY = max(maxY, Int(rect.maxY.rounded(.up)))
        }
        let box = style.box?.layer(around: frame, x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        self.x = minX
        self.y = minY
        self.text = (textX, textY, width, height)
        self.shadows = style.shadows
        self.places = placed.map { ($0.x - minX, $0.y - minY) }
        self.layers = style.shadows.map { ColorLayer(width: width + 2 * $0.reach, height: height + 2 * $0.reach) }
        self.box = box
        self.bitmap = box ?? ColorLayer(width: maxX - minX, height: maxY - minY)
    }

    /// The bitmap in frame pixels.
    var captionBitmap: CaptionBitmap { CaptionBitmap(x: x, y: y, width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels) }

    /// Everything drawn again from `top`, the text layer.
    mutating func redraw(from top: ColorLayer) {
        for index in shadows.indices {
            let size = (width: layers[index].width, height: layers[index].height)
            shadows[index].draw(of: top, region: (0..<size.width, 0..<size.height), into: &layers[index], x: 0, y: 0)
        }
        composite(from: top, area: (0..<bitmap.width, 0..<bitmap.height))
    }

    /// The bitmap's area drawn again after `top` (the text layer) changed inside `area` (its
    /// columns and rows): that area, and the shadows' reach around it when `reshaped` (the
    /// text's alpha changed there, not only its colours).
    mutating func update(from top: ColorLayer, area: LayerArea, reshaped: Bool) -> LayerArea {
        var columns = (area.columns.lowerBound + text.x - x)..<(area.columns.upperBound + text.x - x)
        var rows = (area.rows.lowerBound + text.y - y)..<(area.rows.upperBound + text.y - y)
        if reshaped {
            for (index, shadow) in shadows.enumerated() {
                let reach = shadow.reach
                let size = (width: layers[index].width, height: layers[index].height)
                let region = (
                    columns: (area.columns.lowerBound..<(area.columns.upperBound + 2 * reach)).clamped(to: 0..<size.width),
                    rows: (area.rows.lowerBound..<(area.rows.upperBound + 2 * reach)).clamped(to: 0..<size.height)
                )
                guard !region.columns.isEmpty, !region.rows.isEmpty else { continue }
                shadow.draw(of: top, region: region, into: &layers[index], x: region.columns.lowerBound, y: region.rows.lowerBound)
                let place = places[index]
                columns = min(columns.lowerBound, region.columns.lowerBound + place.x)..<max(
                    columns.upperBound, region.columns.upperBound + place.x)
                rows = min(rows.lowerBound, region.rows.lowerBound + place.y)..<max(rows.upperBound, region.rows.upperBound + place.y)
            }
        }
        let drawn = (columns: columns.clamped(to: 0..<bitmap.width), rows: rows.clamped(to: 0..<bitmap.height))
        composite(from: top, area: drawn)
        return drawn
    }

    /// The bitmap's `area` composited again: box, shadows, text.
    private mutating func composite(from top: ColorLayer, area: LayerArea) {
        bitmap.clear(columns: area.columns, rows: area.rows)
        // The bottom layer onto transparent pixels: copied.
        if let box { bitmap.copy(box, x: 0, y: 0, area: area) }
        for (index, layer) in layers.enumerated() {
            if index == 0 && box == nil {
                bitmap.copy(layer, x: places[index].x, y: places[index].y, area: area)
            } else {
                bitmap.draw(layer, x: places[index].x, y: places[index].y, area: area)
            }
        }
        bitmap.draw(top, x: text.x - x, y: text.y - y, area: area)
    }
}

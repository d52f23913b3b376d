import Captions
import Foundation
import Layout
import Media
import Raster

/// Looking before waiting: one frame with its caption as PNG, or a contact sheet of every
/// caption at its midpoint, each labelled with its time range.
extension Burner {
    /// Writes the frame at `time` seconds, with the caption on screen then, to `output` (PNG).
    /// `showSafeArea` outlines the preset's safe area.
    public static func still(
        _ request: BurnRequest, at time: Double, output: String, showSafeArea: Bool = false,
        events: (BurnEvent) -> Void = { _ in }
    ) throws {
        do {
            let file = try OutputFile(output: output, input: request.input)
            let prepared = try prepare(request, events: events)
            var png: [UInt8] = []
            try FrameGrabber(path: request.input).frames(at: [time]) { _, canvas in
                if let planned = prepared.planned.first(where: { $0.caption.covers(time) }),
                    let bitmap = try Rasterizer.render(
                        planned.layout, style: prepared.preset.rasterStyle(fontSize: planned.layout.fontSize))
                {
                    canvas.blend(bitmap)
                }
                if showSafeArea { canvas.blend(SafeAreaOutline.bitmap(prepared.style.safeArea)) }
                png = try canvas.png()
            }
            try write(png, to: file)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// Writes a contact sheet to `output` (PNG): one thumbnail per caption at its midpoint,
    /// `columns` to a row, each labelled with its time range.
    public static func preview(
        _ request: BurnRequest, output: String, columns: Int = 4, showSafeArea: Bool = false,
        events: (BurnEvent) -> Void = { _ in }
    ) throws {
        do {
            let file = try OutputFile(output: output, input: request.input)
            let prepared = try prepare(request, events: events)
            let planned = prepared.planned
            let sheet = try ContactSheet(
                count: planned.count, columns: columns, frameWidth: prepared.transcoder.width,
                frameHeight: prepared.transcoder.height)
            let times = planned.map { ($0.caption.start + $0.caption.end) / 2 }
            try FrameGrabber(path: request.input).frames(at: times) { index, canvas in
                let item = planned[index]
                if let bitmap = try Rasterizer.render(
                    item.layout, style: prepared.preset.rasterStyle(fontSize: item.layout.fontSize))
                {
                    canvas.blend(bitmap)
                }
                if showSafeArea { canvas.blend(SafeAreaOutline.bitmap(prepared.style.safeArea)) }
                try sheet.add(canvas, at: index, label: ContactSheet.label(item.caption), engine: prepared.engine)
            }
            try write(try sheet.canvas.png(), to: file)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    private static func write(_ bytes: [UInt8], to file: OutputFile) throws {
        guard FileManager.default.createFile(atPath: file.temporaryURL.path, contents: Data(bytes)) else {
            throw BurnError.output("\(file.finalURL.path): cannot write the picture")
        }
        try file.commit()
    }
}

/// The outline of a safe area, 4 px wide, as an overlay.
enum SafeAreaOutline {
    static let thickness = 4  // pixels
    static let color: [UInt8] = [0, 255, 128, 255]  // premultiplied RGBA, opaque green

    static func bitmap(_ area: Rect) -> CaptionBitmap {
        let x = Int(area.x.rounded())
        let y = Int(area.y.rounded())
        let width = Int(area.width.rounded())
        let height = Int(area.height.rounded())
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for column in 0..<width
            where row < thickness || row >= height - thickness || column < thickness || column >= width - thickness {
                let p = (row * width + column) * 4
                pixels.replaceSubrange(p..<(p + 4), with: color)
            }
        }
        return CaptionBitmap(x: x, y: y, width: width, height: height, pixels: pixels)
    }
}

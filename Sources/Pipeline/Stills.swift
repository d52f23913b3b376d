import Captions
import Foundation
import Imaging
import Layout
import Media
import Raster
import Vision

/// What a still or contact sheet outlines over the picture, to check a preset or a placement.
public struct StillGuides: Sendable, Equatable {
    /// The preset's safe area, in green (`--show-safe-area`).
    public var safeArea = false
    /// The obstacles on screen (`--show-obstacles`): faces in magenta, text in orange, a
    /// file's boxes of no kind in cyan.
    public var obstacles = false

    public init(safeArea: Bool = false, obstacles: Bool = false) {
        self.safeArea = safeArea
        self.obstacles = obstacles
    }
}

/// Looking before waiting: one frame with its caption as PNG (`still`, `preview` and the
/// review page draw through it).
extension Burner {
    /// The frame at `time` seconds with its caption, as the PNG bytes `still` writes (the
    /// request's output is not written).
    /// `backgrounds` keeps the decoded frame for the next picture at the same time (a review
    /// page drawing one frame again after each edit).
    public static func stillPicture(
        _ request: BurnRequest, at time: Double, guides: StillGuides = StillGuides(), backgrounds: StillBackgrounds? = nil,
        events: (BurnEvent) -> Void = { _ in }
    ) throws -> [UInt8] {
        do {
            return try picture(of: try BurnPlanner.prepare(request, events: events), at: time, guides: guides, backgrounds: backgrounds)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// `stillPicture` of a burn already planned: the frame is decoded (or taken from
    /// `backgrounds`) and its captions drawn with the plan's faces.
    static func picture(
        of prepared: PreparedBurn, at time: Double, guides: StillGuides = StillGuides(), backgrounds: StillBackgrounds? = nil
    ) throws -> [UInt8] {
        let request = prepared.request
        if let duration = prepared.info.duration, time >= duration { throw pastTheEnd(request, time, duration) }
        let draw = { (canvas: Canvas) throws -> [UInt8] in
            if let bitmap = try captionBitmap(at: time, prepared) { canvas.blend(bitmap) }
            drawGuides(guides, at: time, prepared, on: canvas)
            return try canvas.png(file: request.output.path ?? request.input.name)
        }
        if let kept = try backgrounds?.canvas(of: request.input.name, at: time) { return try draw(kept) }
        var png: [UInt8]?
        let end = try FrameGrabber(input: prepared.input).frames(at: [time], holdingLastFrame: false) { _, canvas in
            try backgrounds?.keep(canvas, of: request.input.name, at: time)
            png = try draw(canvas)
        }
        guard let png else { throw pastTheEnd(request, time, end ?? 0) }
        return png
    }

    /// Every caption on screen at `time` seconds, in its state then, drawn together (as a render draws them).
    static func captionBitmap(at time: Double, _ prepared: PreparedBurn) throws -> CaptionBitmap? {
        let painting = prepared.painting
        let bitmaps = try prepared.planned.filter { $0.caption.covers(time) }.compactMap {
            try painting.painter(for: $0).bitmap(at: time)
        }
        return CaptionBitmap.layered(bitmaps)
    }

    /// The outlines `guides` ask for, over the frame at `time` seconds: the obstacles on
    /// screen then, and the safe area.
    static func drawGuides(_ guides: StillGuides, at time: Double, _ prepared: PreparedBurn, on canvas: Canvas) {
        if guides.obstacles {
            let frame = Rect(x: 0, y: 0, width: Double(prepared.info.width), height: Double(prepared.info.height))
            for obstacle in prepared.obstacles where obstacle.isSeen(from: time, to: time + 1e-6) {
                let box = obstacle.box.intersection(frame)
                guard box.width >= 1, box.height >= 1 else { continue }
                canvas.blend(Outline.bitmap(box, color: Outline.color(of: obstacle.kind)))
            }
        }
        if guides.safeArea { canvas.blend(Outline.bitmap(prepared.style.safeArea, color: Outline.safeArea)) }
    }

    /// `--at` after the end of the video.
    public static func pastTheEnd(_ request: BurnRequest, _ time: Double, _ duration: Double) -> BurnError {
        BurnError.input(
            "\(request.input.name): --at \(String(format: "%.3f", time)) s is after the end of the video, which lasts "
                + "\(String(format: "%.3f", duration)) s")
    }
}

/// The outline of a rectangle (a safe area, an obstacle), 4 px wide, as an overlay.
enum Outline {
    static let thickness = 4  // pixels
    static let safeArea: [UInt8] = [0, 255, 128, 255]  // premultiplied RGBA, opaque green

    /// An obstacle's colour by its kind (premultiplied RGBA, opaque).
    static func color(of kind: Obstacle.Kind) -> [UInt8] {
        switch kind {
        case .face: return [255, 0, 255, 255]  // magenta
        case .text: return [255, 140, 0, 255]  // orange
        case .other: return [0, 200, 255, 255]  // cyan
        }
    }

    static func bitmap(_ area: Rect, color: [UInt8]) -> CaptionBitmap {
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

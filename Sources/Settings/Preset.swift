import Captions
import Foundation
import Imaging
import Layout
import Raster
import Vision

/// A platform's caption look and placement, read from `Presets/NAME.json`. Lengths are in
/// pixels of the preset's reference frame and scale with the video; the anchor is a fraction
/// of the frame.
public struct Preset: Sendable, Equatable, Codable {
    public struct Size: Sendable, Equatable, Codable {
        public var width: Double  // pixels
        public var height: Double  // pixels
    }
    /// A point as fractions of the frame: (0, 0) top left, (1, 1) bottom right.
    public struct Fraction: Sendable, Equatable, Codable {
        public var x: Double  // of the frame width, 0...1
        public var y: Double  // of the frame height, 0...1
    }
    public struct Font: Sendable, Equatable, Codable {
        public var family: String
        public var weight: Int  // CSS 100...900
        public var size: Double  // pixels
        public var minimumSize: Double  // pixels
        public var lineSpacing: Double?  // times the line height
    }
    /// Limits for splitting captions (the gap between captions is two frames of the video).
    public struct CaptionLimits: Sendable, Equatable, Codable {
        public var maxCharacters: Int  // a CJK character counts as two
        public var maxDuration: Double  // seconds
        public var minDuration: Double  // seconds
        /// The most words a caption holds (`ChunkingLimits.maxWords`); nil: no limit.
        public var maxWords: Int?
    }
    public struct Outline: Sendable, Equatable, Codable {
        public var color: RGBAColor
        public var radius: Double  // times the font size
    }
    /// A drop shadow under the outlined text.
    public struct Shadow: Sendable, Equatable, Codable {
        public var color: RGBAColor
        public var offsetX: Double  // times the font size, positive to the right
        public var offsetY: Double  // times the font size, positive downwards
        public var blur: Double  // times the font size: blur radius (about two standard deviations)

        /// The shadow in pixels at `fontSize` pixels.
        func scaled(by fontSize: Double) -> RasterStyle.Shadow {
            RasterStyle.Shadow(color: color, offsetX: offsetX * fontSize, offsetY: offsetY * fontSize, blur: blur * fontSize)
        }
    }
    /// A rounded background box around the text block, under the shadow.
    public struct Box: Sendable, Equatable, Codable {
        public var color: RGBAColor
        public var padding: Double  // times the font size, around the text block
        public var cornerRadius: Double  // times the font size
    }

    public var name: String
    public var description: String?
    public var frame: Size  // the reference frame
    public var safeArea: Rect  // reference pixels
    public var anchor: Fraction  // centre of the caption block, fractions of the frame
    public var font: Font
    public var maximumLines: Int?
    public var fill: RGBAColor
    public var outline: Outline
    public var shadow: Shadow?
    public var box: Box?
    public var captions: CaptionLimits?
    /// The look used when none is asked for (`Presets/looks/NAME.json`); nil: `classic`.
    public var look: String?
    /// Each speaker's fill, in order of first appearance; nil: every caption in `fill`.
    public var speakers: SpeakerPalette?
    /// How a second caption track (`--second-captions`) is set; nil: `SecondTrack.standard`.
    public var secondTrack: SecondTrack?
    /// Where a caption goes when an obstacle covers the anchor, in the order tried: centres of
    /// the caption block as fractions of the frame height (each block kept inside the safe
    /// area); nil: the top of the safe area, then its bottom.
    public var otherPlaces: [Double]?
    /// What captions avoid when no `--avoid` is given (`faces,text`, `faces`, `text`, `off`); nil: off.
    public var avoid: String?

    /// A second caption track's size, colour and place beside the first.
    public struct SecondTrack: Sendable, Equatable, Codable {
        public enum Placement: String, Sendable, Equatable, Codable {
            case below, above
        }
        public var sizeRatio: Double  // times the first track's font size, 0.3...1
        public var fill: RGBAColor
        public var outline: RGBAColor?  // nil: the preset's outline colour
        public var placement: Placement  // of the second track, against the first

        /// 0.7 of the first track's size, light yellow, below it.
        public static let standard = SecondTrack(
            sizeRatio: 0.7, fill: RGBAColor(red: 0xFF, green: 0xE6, blue: 0x80), outline: nil, placement: .below)

        public init(sizeRatio: Double, fill: RGBAColor, outline: RGBAColor?, placement: Placement) {
            self.sizeRatio = sizeRatio
            self.fill = fill
            self.outline = outline
            self.placement = placement
        }

        /// Each field may be left out: `standard`'s value stands in.
        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let standard = Self.standard
            sizeRatio = try container.decodeIfPresent(Double.self, forKey: .sizeRatio) ?? standard.sizeRatio
            fill = try container.decodeIfPresent(RGBAColor.self, forKey: .fill) ?? standard.fill
            outline = try container.decodeIfPresent(RGBAColor.self, forKey: .outline)
            placement = try container.decodeIfPresent(Placement.self, forKey: .placement) ?? standard.placement
        }
    }

    /// The fields of a preset (`""`) and of its objects; any other field is an error.
    static let fields: [String: [String]] = [
        "": [
            "name", "description", "frame", "safeArea", "anchor", "font", "maximumLines", "fill", "outline", "shadow",
            "box", "captions", "look", "speakers", "secondTrack", "otherPlaces", "avoid",
        ],
        "speakers": ["colors"],
        "secondTrack": ["sizeRatio", "fill", "outline", "placement"],
        "frame": ["width", "height"],
        "safeArea": ["x", "y", "width", "height"],
        "anchor": ["x", "y"],
        "font": ["family", "weight", "size", "minimumSize", "lineSpacing"],
        "outline": ["color", "radius"],
        "shadow": ["color", "offsetX", "offsetY", "blur"],
        "box": ["color", "padding", "cornerRadius"],
        "captions": ["maxCharacters", "maxDuration", "minDuration", "maxWords"],
    ]

    /// Reads and checks a preset file; errors name the file and the field (every unknown
    /// field at once, each with the name it most likely misspells).
    public static func load(_ url: URL) throws -> Preset {
        let preset: Preset = try SettingsFile.load(url, fields: fields, kind: "preset")
        if let problem = preset.problem() { throw SettingsError.input("\(url.path): \(problem)") }
        return preset
    }

    /// The first value out of range, as `field: message`.
    func problem() -> String? {
        if !(frame.width >= 16 && frame.height >= 16 && frame.width <= 8192 && frame.height <= 8192) {
            return "frame: width and height must be 16...8192"
        }
        if !(safeArea.width > 0 && safeArea.height > 0 && safeArea.x >= 0 && safeArea.y >= 0
            && safeArea.maxX <= frame.width && safeArea.maxY <= frame.height)
        {
            return "safeArea: must lie inside the frame"
        }
        if !(0...1).contains(anchor.x) {
            return "anchor.x: must be a fraction of the frame width, 0...1 (e.g. 0.4667 for 504 of 1080 pixels)"
        }
        if !(0...1).contains(anchor.y) {
            return "anchor.y: must be a fraction of the frame height, 0...1 (e.g. 0.6 for 1152 of 1920 pixels)"
        }
        if !(safeArea.x...safeArea.maxX).contains(anchor.x * frame.width) {
            return "anchor.x: must lie inside the safe area (\(safeArea.x / frame.width)...\(safeArea.maxX / frame.width))"
        }
        if !(safeArea.y...safeArea.maxY).contains(anchor.y * frame.height) {
            return "anchor.y: must lie inside the safe area (\(safeArea.y / frame.height)...\(safeArea.maxY / frame.height))"
        }
        if !(font.size >= 4 && font.size <= 1000) { return "font.size: must be 4...1000 pixels" }
        // Larger than the frame, text cannot be shown (and scaled to the video it passes what a font can be set at).
        if font.size > min(frame.width, frame.height) {
            return "font.size: must be at most the frame's smaller side (\(Int(min(frame.width, frame.height))) pixels)"
        }
        if !(font.minimumSize >= 4 && font.minimumSize <= font.size) {
            return "font.minimumSize: must be 4 pixels up to font.size"
        }
        if !(100...1000).contains(font.weight) { return "font.weight: must be 100...1000" }
        if let lines = maximumLines, !(1...2).contains(lines) { return "maximumLines: must be 1 or 2" }
        if !(outline.radius >= 0 && outline.radius <= 0.5) { return "outline.radius: must be 0...0.5 of the font size" }
        if let shadow {
            if !(abs(shadow.offsetX) <= 0.5) { return "shadow.offsetX: must be -0.5...0.5 of the font size" }
            if !(abs(shadow.offsetY) <= 0.5) { return "shadow.offsetY: must be -0.5...0.5 of the font size" }
            if !(shadow.blur >= 0 && shadow.blur <= 0.5) { return "shadow.blur: must be 0...0.5 of the font size" }
        }
        if let box {
            if !(box.padding >= 0 && box.padding <= 1) { return "box.padding: must be 0...1 of the font size" }
            if !(box.cornerRadius >= 0 && box.cornerRadius <= 1) {
                return "box.cornerRadius: must be 0...1 of the font size"
            }
        }
        if let limits = captions {
            if !(8...400).contains(limits.maxCharacters) { return "captions.maxCharacters: must be 8...400" }
            if let words = limits.maxWords, !ChunkingLimits.maxWordsRange.contains(words) { return "captions.maxWords: must be 1...8" }
            if !(limits.minDuration >= 0 && limits.minDuration <= 10) { return "captions.minDuration: must be 0...10 seconds" }
            if !(limits.maxDuration >= max(0.5, limits.minDuration) && limits.maxDuration <= 60) {
                return "captions.maxDuration: must be at least minDuration and 0.5...60 seconds"
            }
        }
        if let spacing = font.lineSpacing, !(spacing >= 0.5 && spacing <= 3) { return "font.lineSpacing: must be 0.5...3" }
        if let problem = speakers?.problem() { return problem }
        if let track = secondTrack, !(track.sizeRatio >= 0.3 && track.sizeRatio <= 1) {
            return "secondTrack.sizeRatio: must be 0.3...1 of the font size"
        }
        if let places = otherPlaces {
            if places.count > 4 { return "otherPlaces: at most 4 places" }
            if let index = places.firstIndex(where: { !(0...1).contains($0) }) {
                return "otherPlaces[\(index)]: must be a fraction of the frame height, 0...1"
            }
        }
        if let avoid, (try? ObstacleSearch(avoid)) == nil {
            return "avoid: must be faces,text, faces, text or off"
        }
        return nil
    }

    /// Text style for a video of `width` x `height`: the reference geometry scaled per axis,
    /// sizes by the smaller scale, the anchor as the same fractions of the video.
    public func textStyle(width: Int, height: Int) -> TextStyle {
        let sx = Double(width) / frame.width
        let sy = Double(height) / frame.height
        let s = min(sx, sy)
        return TextStyle(
            family: font.family, weight: font.weight, size: font.size * s, minimumSize: font.minimumSize * s,
            lineSpacing: font.lineSpacing ?? 1, maximumLines: maximumLines ?? 2,
            safeArea: Self.onChromaGrid(
                Rect(x: safeArea.x * sx, y: safeArea.y * sy, width: safeArea.width * sx, height: safeArea.height * sy)),
            anchorX: anchor.x * Double(width), anchorY: anchor.y * Double(height), paintMargin: paintMargin)
    }

    /// The centres of `otherPlaces` in a video `height` pixels high, in order. // pixels
    public func otherPlaceCentres(height: Int) -> [Double] {
        (otherPlaces ?? [0, 1]).map { $0 * Double(height) }
    }

    /// How far (times the font size) paint reaches beyond the text block: the outline, the
    /// box's padding or the shadow (offset plus 1.5 x blur, which covers the blur's box passes),
    /// whichever is farthest. Layout keeps the block this far inside the safe area.
    var paintMargin: Double {
        var margin = outline.radius
        if let box { margin = max(margin, box.padding) }
        if let shadow { margin = max(margin, max(abs(shadow.offsetX), abs(shadow.offsetY)) + 1.5 * shadow.blur) }
        return margin
    }

    /// `area` shrunk to even pixel edges: 4:2:0 video shares colour between 2x2 pixels, so a
    /// caption inside it changes no pixel outside `area`.
    static func onChromaGrid(_ area: Rect) -> Rect {
        let x = (area.x / 2).rounded(.up) * 2
        let y = (area.y / 2).rounded(.up) * 2
        let maxX = (area.maxX / 2).rounded(.down) * 2
        let maxY = (area.maxY / 2).rounded(.down) * 2
        return Rect(x: x, y: y, width: max(0, maxX - x), height: max(0, maxY - y))
    }

    /// Chunking limits for a video whose frames last `frameDuration` seconds, with at most
    /// `maxWords` words a caption (nil: the preset's `captions.maxWords`).
    public func chunkingLimits(frameDuration: Double, maxWords: Int? = nil) -> ChunkingLimits {
        let defaults = ChunkingLimits()
        var limits = ChunkingLimits(
            maxCharacters: captions?.maxCharacters ?? defaults.maxCharacters,
            maxDuration: captions?.maxDuration ?? defaults.maxDuration,
            minDuration: captions?.minDuration ?? defaults.minDuration, minGap: 2 * frameDuration)
        limits.maxWords = maxWords ?? captions?.maxWords
        return limits
    }

    /// Paint for a caption set at `fontSize` pixels.
    public func rasterStyle(fontSize: Double) -> RasterStyle {
        RasterStyle(
            fill: fill, outline: outline.color, outlineRadius: outline.radius * fontSize,
            shadow: shadow?.scaled(by: fontSize),
            box: box.map {
                RasterStyle.Box(color: $0.color, padding: $0.padding * fontSize, cornerRadius: $0.cornerRadius * fontSize)
            })
    }
}

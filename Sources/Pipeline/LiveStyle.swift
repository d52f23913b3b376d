import Captions
import Foundation
import Imaging
import Layout
import Settings

/// How a live stream's captions are set and painted for one frame size: the preset's font
/// and colours at their full size (never shrunk), the look, and the roll-up geometry: rows
/// of one line, start-aligned at `left`, at most `lineWidth` wide, stacked `pitch` apart with
/// the bottom row where the preset puts a caption's last line.
public final class LiveStyle {
    let preset: Preset
    let look: Look
    let engine: LayoutEngine
    /// The row style: one line, no shrinking.
    let style: TextStyle
    let painting: CaptionPainting
    /// The tentative words' painting: the preset's colours, faded, with no word states.
    let quietPainting: CaptionPainting
    /// Rows shown at once (2 or 3).
    public let rows: Int
    /// Where every row starts. // pixels
    let left: Double
    /// The most a row may hold. // pixels
    let lineWidth: Double
    /// From one row to the next. // pixels
    let pitch: Double
    /// The bottom row's centre (moved for a second track, `LiveStyle.tracks`). // pixels
    private(set) var bottom: Double
    /// The language the captions are laid out in (BCP 47), when known.
    let language: String?
    /// The speakers' fills (the look's palette, else the preset's).
    let palette: SpeakerPalette?

    /// Alpha of tentative words, against committed ones.
    static let quietAlpha = 0.55

    /// The style of preset `presetName` and look `lookName` (nil: the preset's) for a frame of
    /// `width` x `height`, with the shipped fonts or `fontsConf`'s.
    /// `second`: the style of a second track (`--second-captions`), at that size ratio and in
    /// its colours; its place is set by `tracks`.
    public convenience init(
        preset presetName: String, look lookName: String?, fontsConf: String?, width: Int, height: Int, rows: Int = 2,
        language: String? = nil, second: Preset.SecondTrack? = nil
    ) throws {
        let loaded = try Loaded(preset: presetName, look: lookName, fontsConf: fontsConf)
        try self.init(loaded, width: width, height: height, rows: rows, language: language, second: second)
    }

    /// What both tracks' styles are made from, read once: the preset, the look, the reading
    /// rules and the fonts.
    private struct Loaded {
        let preset: Preset
        let look: Look
        let quietLook: Look
        let rules: ReadingRules
        let engine: LayoutEngine

        init(preset presetName: String, look lookName: String?, fontsConf: String?) throws {
            preset = try Preset.load(try Resources.preset(presetName))
            look = try Look.load(try Resources.look(lookName ?? preset.look ?? Look.classic))
            quietLook = try Look.load(try Resources.look(Look.classic))
            rules = try ReadingRules.shipped()
            engine = try LayoutEngine(fontsConf: try Resources.fontsConf(override: fontsConf), phrases: rules.phrases)
        }
    }

    private init(_ loaded: Loaded, width: Int, height: Int, rows: Int, language: String?, second: Preset.SecondTrack?) throws {
        var preset = loaded.preset
        let (look, rules, engine) = (loaded.look, loaded.rules, loaded.engine)
        var style = preset.textStyle(width: width, height: height, look: look)
        if let second {
            style = TwoTrackLayout.scaled(style, by: second.sizeRatio)
            preset.fill = second.fill
            if let outline = second.outline { preset.outline.color = outline }
        }
        style.maximumLines = 1
        style.minimumSize = style.size
        self.preset = preset
        self.look = look
        self.engine = engine
        self.style = style
        self.rows = rows
        self.language = language
        // A second track keeps its own colour, as in a file render.
        palette = second == nil ? look.speakers ?? preset.speakers : nil
        painting = CaptionPainting(preset: preset, look: look, faces: engine.faces)
        quietPainting = CaptionPainting(preset: Self.faded(preset), look: loaded.quietLook, faces: engine.faces)
        // The width: the safe area less the paint's reach, and no more than the reading rules'
        // characters per line at the font's mean character width.
        let margin = style.paintMargin * style.size
        let sample = "the quick brown fox jumps over the lazy dog"
        let measured = try engine.layout(Caption(text: sample, start: 0, end: 1), style: style, language: language)
        let characters = rules.charactersPerLine(for: [language])[language?.lowercased() ?? ""] ?? 42
        lineWidth = min(style.safeArea.width - 2 * margin, Double(characters) * measured.frame.width / Double(sample.count))
        left = (style.anchorX - lineWidth / 2).rounded()
        pitch = (measured.frame.height * style.lineSpacing).rounded()
        bottom = style.anchorY + Double(rows - 1) / 2 * pitch
    }

    /// The styles of two tracks shown together (`--second-captions` on a live stream): each its
    /// own rows, the second at the preset's `secondTrack` size, colour and side, the two blocks
    /// a gap apart and together centred on the preset's anchor, kept inside the safe area.
    /// Neither block moves for the other: each has its rows' room whether they show or not.
    public static func tracks(
        preset: String, look: String?, fontsConf: String?, width: Int, height: Int, rows: Int = 2,
        languages: (first: String?, second: String?)
    ) throws -> (first: LiveStyle, second: LiveStyle) {
        let loaded = try Loaded(preset: preset, look: look, fontsConf: fontsConf)
        let first = try LiveStyle(loaded, width: width, height: height, rows: rows, language: languages.first, second: nil)
        let track = first.preset.secondTrack ?? .standard
        let second = try LiveStyle(loaded, width: width, height: height, rows: rows, language: languages.second, second: track)
        let gap = (first.pitch * 0.25).rounded()
        let heights = (first: Double(rows) * first.pitch, second: Double(rows) * second.pitch)
        let total = heights.first + gap + heights.second
        let safe = first.style.safeArea
        let top = min(max(first.style.anchorY - total / 2, safe.y), safe.y + safe.height - total)
        let (upper, lower) = track.placement == .below ? (first, second) : (second, first)
        upper.bottom = top + Double(rows) * upper.pitch - upper.pitch / 2
        lower.bottom = top + Double(rows) * upper.pitch + gap + Double(rows) * lower.pitch - lower.pitch / 2
        return (first, second)
    }

    /// `preset` with its fill and outline faded to `quietAlpha`.
    private static func faded(_ preset: Preset) -> Preset {
        var faded = preset
        faded.fill = fade(preset.fill)
        faded.outline.color = fade(preset.outline.color)
        return faded
    }

    static func fade(_ color: RGBAColor) -> RGBAColor {
        var faded = color
        faded.alpha = UInt8((Double(color.alpha) * quietAlpha).rounded())
        return faded
    }

    /// The centre of row `slot` (0: the bottom row). // pixels
    func centre(ofSlot slot: Int) -> Double { bottom - Double(slot) * pitch }

    /// `words` laid out as one row whose block starts at `left`, centred on row `slot`.
    func row(_ words: [Word], slot: Int, speaker: String?) throws -> LaidOutCaption {
        var rowStyle = style
        rowStyle.anchorY = centre(ofSlot: slot)
        let caption = Caption(
            text: words.map(\.text).joined(separator: " "), start: words.first?.start ?? 0, end: .greatestFiniteMagnitude,
            language: language, speaker: speaker, words: words)
        let layout = try engine.layout(caption, style: rowStyle, language: language)
        return layout.moved(byX: left - layout.frame.x, y: 0)
    }
}

import Captions
import Foundation
import Imaging
import Layout
import Raster
import UnicodeText

/// A word-by-word caption look, read from `Presets/looks/NAME.json`: how words still to come,
/// the spoken word and the words already spoken are painted, a box, scale and grow for the
/// spoken word, the caption's entrance, an emphasis colour, a text transform and a face. It
/// combines with any platform preset, which gives placement, size and the font and colours a
/// look leaves out. Lengths are fractions of the font size, durations seconds.
public struct Look: Sendable, Equatable, Codable {
    /// How words in one state are painted; a missing colour is the preset's.
    public struct Paint: Sendable, Equatable, Codable {
        public var fill: RGBAColor?
        public var outline: RGBAColor?
        public var visible: Bool?  // false: not drawn (words still to come in `reveal`)
    }
    /// The spoken word.
    public struct Active: Sendable, Equatable, Codable {
        public var fill: RGBAColor?
        public var outline: RGBAColor?
        public var box: Preset.Box?  // a rounded box under the word; padding and corners times the font size
        public var scale: Double?  // times the laid-out size, 1...1.5
        public var grow: Double?  // seconds to reach `scale`
        public var ease: Ease?
        /// Degrees the word turns as it grows, clockwise (negative: anticlockwise), -8...8.
        public var tilt: Double?
    }
    public struct EntranceField: Sendable, Equatable, Codable {
        public var kind: Entrance.Kind
        public var duration: Double  // seconds
    }
    /// How each word arrives as it is spoken (`WordEntrance`).
    public struct WordEntranceField: Sendable, Equatable, Codable {
        public var kind: WordEntrance.Kind
        public var duration: Double  // seconds
    }
    public enum TextTransform: String, Sendable, Equatable, Codable {
        case none, uppercase, lowercase
    }
    /// A face instead of the preset's: a family fontconfig knows (`League Spartan`), and a
    /// CSS weight (the preset's when left out).
    public struct Font: Sendable, Equatable, Codable {
        public var family: String
        public var weight: Int?
    }

    public var name: String
    public var description: String?
    public var upcoming: Paint?
    public var active: Active?
    public var spoken: Paint?
    public var entrance: EntranceField?
    public var emphasis: RGBAColor?  // fill of emphasized words while not spoken
    public var textTransform: TextTransform?
    public var karaoke: Bool?  // the spoken word fills from its start side over its duration
    public var font: Font?
    /// The most words a caption holds (`ChunkingLimits.maxWords`); nil: the preset's.
    public var maxWords: Int?
    /// Shadows drawn under the text instead of the preset's, bottom first (a glow is one
    /// without offset); lengths times the font size.
    public var shadows: [Preset.Shadow]?
    /// How each word arrives as it is spoken: `pop`, `slide` (up into its place) or `fade`.
    public var wordEntrance: WordEntranceField?
    /// Each speaker's fill, in order of first appearance; it wins over the preset's.
    public var speakers: SpeakerPalette?

    /// The most the spoken word may turn, in degrees either way.
    public static let tiltLimit = 8.0

    /// The name of the look that changes nothing: the preset's colours, no word states.
    public static let classic = "classic"

    static let fields: [String: [String]] = [
        "": [
            "name", "description", "upcoming", "active", "spoken", "entrance", "emphasis", "textTransform", "karaoke",
            "speakers", "font", "maxWords", "shadows", "wordEntrance",
        ],
        "shadows": ["color", "offsetX", "offsetY", "blur"],
        "wordEntrance": ["kind", "duration"],
        "font": ["family", "weight"],
        "speakers": ["colors"],
        "upcoming": ["fill", "outline", "visible"],
        "spoken": ["fill", "outline", "visible"],
        "active": ["fill", "outline", "box", "scale", "grow", "ease", "tilt"],
        "active.box": ["color", "padding", "cornerRadius"],
        "entrance": ["kind", "duration"],
    ]

    /// Reads and checks a look file; errors name the file and the field.
    public static func load(_ url: URL) throws -> Look {
        let look: Look = try SettingsFile.load(url, fields: fields, kind: "look")
        let problems = look.problems()
        if !problems.isEmpty { throw SettingsError.several(problems.map { "\(url.path): \($0)" }) }
        return look
    }

    /// Every value out of range, as `field: message`.
    func problems() -> [String] {
        var problems: [String] = []
        if let active {
            if let scale = active.scale, !(scale >= 1 && scale <= 1.5) { problems.append("active.scale: must be 1...1.5") }
            if let grow = active.grow, !(grow >= 0 && grow <= 1) { problems.append("active.grow: must be 0...1 seconds") }
            if let tilt = active.tilt, !(abs(tilt) <= Self.tiltLimit) { problems.append("active.tilt: must be -8...8 degrees") }
            if let box = active.box {
                if !(box.padding >= 0 && box.padding <= 0.5) { problems.append("active.box.padding: must be 0...0.5 of the font size") }
                if !(box.cornerRadius >= 0 && box.cornerRadius <= 1) {
                    problems.append("active.box.cornerRadius: must be 0...1 of the font size")
                }
            }
        }
        if let entrance, !(entrance.duration >= 0 && entrance.duration <= 2) {
            problems.append("entrance.duration: must be 0...2 seconds")
        }
        if let problem = speakers?.problem() { problems.append(problem) }
        if let words = maxWords, !ChunkingLimits.maxWordsRange.contains(words) { problems.append("maxWords: must be 1...8") }
        if let shadows {
            if shadows.count > 4 { problems.append("shadows: at most 4") }
            for (index, shadow) in shadows.enumerated() {
                if !(abs(shadow.offsetX) <= 0.5) { problems.append("shadows[\(index)].offsetX: must be -0.5...0.5 of the font size") }
                if !(abs(shadow.offsetY) <= 0.5) { problems.append("shadows[\(index)].offsetY: must be -0.5...0.5 of the font size") }
                if !(shadow.blur >= 0 && shadow.blur <= 0.5) { problems.append("shadows[\(index)].blur: must be 0...0.5 of the font size") }
            }
        }
        if let arrival = wordEntrance, !(arrival.duration >= 0 && arrival.duration <= 1) {
            problems.append("wordEntrance.duration: must be 0...1 seconds")
        }
        if let font {
            if font.family.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("font.family: must name a family") }
            if let weight = font.weight, !(100...900).contains(weight) { problems.append("font.weight: must be 100...900") }
        }
        return problems
    }

    /// Whether the look draws every word alike at every instant (only its text transform, if
    /// any, differs from `classic`): such captions are drawn once, as before looks.
    public var isStatic: Bool {
        let unchanged = { (paint: Paint?) in paint == nil || (paint?.fill == nil && paint?.outline == nil && paint?.visible != false) }
        let activeUnchanged =
            active == nil
            || (active?.fill == nil && active?.outline == nil && active?.box == nil && (active?.scale ?? 1) == 1 && (active?.tilt ?? 0) == 0)
        return unchanged(upcoming) && unchanged(spoken) && activeUnchanged && (entrance?.kind ?? Entrance.Kind.none) == Entrance.Kind.none
            && emphasis == nil && karaoke != true && (wordEntrance?.kind ?? WordEntrance.Kind.none) == WordEntrance.Kind.none
    }

    /// `captions` with the look's text transform: capitals or small letters by the rules of
    /// each caption's language (`language` for those that name none): Turkish `i` is `İ`,
    /// German `ß` is `SS`, Turkish `I` is `ı`.
    public func transformed(_ captions: [Caption], language: String?) -> [Caption] {
        let change: (String, String?) -> String
        switch textTransform {
        case .uppercase: change = CaseMapping.uppercased
        case .lowercase: change = CaseMapping.lowercased
        case .none?, nil: return captions
        }
        return captions.map { caption in
            var changed = caption
            let tag = caption.language ?? language
            changed.text = change(caption.text, tag)
            for i in changed.words.indices { changed.words[i].text = change(caption.words[i].text, tag) }
            return changed
        }
    }

    /// The room layout keeps around each word for the look's largest word state (maybe none):
    /// the spoken word's box and scale, a slide's rise, and where a word's shape changes
    /// between states (it grows, arrives or appears), the reach of the look's shadows, so
    /// that they change nothing outside it. Nil for a static look.
    func wordRoom() -> WordRoom? {
        guard !isStatic else { return nil }
        let scale = WordLook.largestScale(active?.scale ?? 1, ease: active?.ease ?? .easeOut)
        let arrival: WordEntrance.Kind = wordEntrance?.kind ?? .none
        let shapeChanges = scale != 1 || (active?.tilt ?? 0) != 0 || arrival != .none || upcoming?.visible == false || spoken?.visible == false
        // The box blur's passes reach a little past 1.5 x the blur once rounded to whole pixels.
        let shadowReach = shapeChanges ? (shadows ?? []).map { max(abs($0.offsetX), abs($0.offsetY)) + 2 * $0.blur }.max() ?? 0 : 0
        return WordRoom(
            padding: active?.box?.padding ?? 0, scale: scale, rise: arrival == .slide ? WordEntrance.slideDistance : 0,
            spread: shadowReach, tilt: WordLook.largestTilt(active?.tilt ?? 0, ease: active?.ease ?? .easeOut))
    }

    /// The look in pixels for a caption set at `fontSize` pixels with `preset`'s colours;
    /// nil when the look is static.
    public func wordLook(preset: Preset, fontSize: Double) -> WordLook? {
        guard !isStatic else { return nil }
        func paint(_ paint: Paint?) -> WordPaint {
            WordPaint(
                fill: paint?.fill ?? preset.fill, outline: paint?.outline ?? preset.outline.color,
                visible: paint?.visible ?? true)
        }
        return WordLook(
            upcoming: paint(upcoming),
            active: WordPaint(fill: active?.fill ?? preset.fill, outline: active?.outline ?? preset.outline.color),
            spoken: paint(spoken), emphasis: emphasis,
            activeBox: activeBox(fontSize: fontSize), activeScale: active?.scale ?? 1, grow: active?.grow ?? 0, ease: active?.ease ?? .easeOut,
            tilt: active?.tilt ?? 0, entrance: entrance.map { Entrance(kind: $0.kind, duration: $0.duration) } ?? .none, karaoke: karaoke ?? false,
            wordEntrance: wordEntrance.map { WordEntrance(kind: $0.kind, duration: $0.duration) } ?? .none)
    }

    /// The spoken word's box at `fontSize` pixels, or nil.
    func activeBox(fontSize: Double) -> RasterStyle.Box? {
        active?.box.map {
            RasterStyle.Box(color: $0.color, padding: $0.padding * fontSize, cornerRadius: $0.cornerRadius * fontSize)
        }
    }
}

extension Preset {
    /// The text style for a video of `width` x `height` with the room `look`'s largest word
    /// state needs around each word (`textStyle(width:height:)` for a static look).
    public func textStyle(width: Int, height: Int, look: Look) -> TextStyle {
        var style = textStyle(width: width, height: height)
        if let font = look.font {
            style.family = font.family
            style.weight = font.weight ?? style.weight
        }
        if let room = look.wordRoom() {
            style.wordRoom = room
            // The spoken word's outline grows with it.
            style.paintMargin *= room.scale
        }
        if let shadows = look.shadows {
            style.paintMargin = max(style.paintMargin, shadows.map { max(abs($0.offsetX), abs($0.offsetY)) + 1.5 * $0.blur }.max() ?? 0)
        }
        return style
    }

    /// Paint for a caption set at `fontSize` pixels in `look`: its shadows instead of the preset's.
    public func rasterStyle(fontSize: Double, look: Look) -> RasterStyle {
        var style = rasterStyle(fontSize: fontSize)
        if let shadows = look.shadows { style.shadows = shadows.map { $0.scaled(by: fontSize) } }
        return style
    }
}

import Captions
import Imaging

/// How a word is painted in one of its states (upcoming, active, spoken).
public struct WordPaint: Sendable, Hashable {
    public var fill: RGBAColor
    public var outline: RGBAColor
    public var visible: Bool  // false: the word is not drawn (words still to come, `reveal`)

    public init(fill: RGBAColor, outline: RGBAColor, visible: Bool = true) {
        self.fill = fill
        self.outline = outline
        self.visible = visible
    }
}

/// A caption's entrance when it appears.
public struct Entrance: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        case none, fade, pop
    }
    public var kind: Kind
    public var duration: Double  // seconds
    /// The scale a `pop` entrance starts at.
    public static let popStartScale = 0.8

    public init(kind: Kind, duration: Double) {
        self.kind = kind
        self.duration = duration
    }

    public static let none = Entrance(kind: .none, duration: 0)
}

/// How each word arrives as it becomes the spoken one, on top of the caption's entrance: it
/// pops in from half its size, slides up into its place from below, or fades in.
public struct WordEntrance: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        case none, pop, slide, fade
    }
    public var kind: Kind
    public var duration: Double  // seconds
    /// The scale a `pop` starts at, times the word's size.
    public static let popStartScale = 0.5
    /// How far below its place a `slide` starts, times the font size: the room the layout
    /// keeps above and below every line for it.
    public static let slideDistance = 0.25

    public init(kind: Kind, duration: Double) {
        self.kind = kind
        self.duration = duration
    }

    public static let none = WordEntrance(kind: .none, duration: 0)
}

/// A word-by-word look for one caption, in pixels of the caption's font size: the paint of
/// words still to come, of the spoken word and of those already spoken; the box, scale and
/// ease of the spoken word; the caption's entrance; the colour of emphasized words. It decides
/// the state at each instant (`state(at:words:start:)`); `StatePainter` draws the states.
public struct WordLook: Sendable, Equatable {
    public var upcoming: WordPaint
    public var active: WordPaint
    public var spoken: WordPaint
    /// Fill of emphasized words while they are not the spoken one; nil: their state's fill.
    public var emphasis: RGBAColor?
    /// A rounded box under the spoken word (pixels); nil: none.
    public var activeBox: RasterStyle.Box?
    public var activeScale: Double  // the spoken word's size, times the laid-out size
    public var grow: Double  // seconds the spoken word takes to reach `activeScale`
    public var ease: Ease
    /// Degrees the spoken word turns as it grows (with the same ease), clockwise.
    public var tilt: Double
    public var entrance: Entrance
    /// How each word arrives as it becomes the spoken one.
    public var wordEntrance: WordEntrance
    /// The spoken word fills with the active paint from its start side to its end over its
    /// duration (the ASS `\kf` sweep), instead of all at once.
    public var karaoke: Bool

    public init(
        upcoming: WordPaint, active: WordPaint, spoken: WordPaint, emphasis: RGBAColor? = nil,
        activeBox: RasterStyle.Box? = nil, activeScale: Double = 1, grow: Double = 0, ease: Ease = .easeOut,
        tilt: Double = 0, entrance: Entrance = .none, karaoke: Bool = false, wordEntrance: WordEntrance = .none
    ) {
        self.upcoming = upcoming
        self.active = active
        self.spoken = spoken
        self.emphasis = emphasis
        self.activeBox = activeBox
        self.activeScale = activeScale
        self.grow = grow
        self.ease = ease
        self.tilt = tilt
        self.entrance = entrance
        self.karaoke = karaoke
        self.wordEntrance = wordEntrance
    }

    /// Steps an animation's progress is rounded to: frames in one step share a bitmap.
    public static let steps = 48

    /// The state at `time` seconds of a caption starting at `start` with `words`: the spoken
    /// word is the last whose start is at or before `time` (none before the first), so the
    /// gaps between words never flicker.
    public func state(at time: Double, words: [Word], start: Double) -> WordState {
        let active = words.lastIndex { !$0.isLabel && $0.start <= time }
        var state = WordState(active: active, growth: Self.steps, entrance: Self.steps, sweep: Self.steps)
        if let active {
            let word = words[active]
            if activeScale != 1 || tilt != 0, grow > 0 { state.growth = Self.step((time - word.start) / grow) }
            if wordEntrance.kind != .none, wordEntrance.duration > 0 {
                state.arrival = Self.step((time - word.start) / wordEntrance.duration)
            }
            if karaoke {
                let end = active + 1 < words.count ? min(word.end, words[active + 1].start) : word.end
                state.sweep = end > word.start ? Self.step((time - word.start) / (end - word.start)) : Self.steps
            }
        }
        if entrance.kind != .none, entrance.duration > 0 { state.entrance = Self.step((time - start) / entrance.duration) }
        return state
    }

    /// `fraction` (0...1) in whole steps, rounded down: the first frame of an animation is its start.
    private static func step(_ fraction: Double) -> Int {
        Int((min(1, max(0, fraction)) * Double(steps)).rounded(.down))
    }

    /// The paint of word `index` (of the caption's words) in `state`; `emphasized` marks the
    /// words to emphasize. A speaker's label is painted as spoken words are, and always shows.
    func paint(of index: Int, in state: WordState, emphasized: Bool, isLabel: Bool = false) -> WordPaint {
        if isLabel { return WordPaint(fill: spoken.fill, outline: spoken.outline, visible: true) }
        guard let active = state.active else { return emphasize(upcoming, emphasized) }
        if index == active { return self.active }
        return emphasize(index < active ? spoken : upcoming, emphasized)
    }

    private func emphasize(_ paint: WordPaint, _ emphasized: Bool) -> WordPaint {
        guard emphasized, let emphasis else { return paint }
        var result = paint
        result.fill = emphasis
        return result
    }

    /// The spoken word's scale in `state`.
    func scale(in state: WordState) -> Double {
        state.growth >= Self.steps ? activeScale : 1 + (activeScale - 1) * ease.value(Double(state.growth) / Double(Self.steps))
    }

    /// The spoken word's turn in `state`, degrees clockwise.
    func tilt(in state: WordState) -> Double {
        state.growth >= Self.steps ? tilt : tilt * ease.value(Double(state.growth) / Double(Self.steps))
    }

    /// The most a spoken word turned by `tilt` degrees turns with `ease` (its overshoot included).
    public static func largestTilt(_ tilt: Double, ease: Ease) -> Double { tilt * max(1, ease.peak) }

    /// The largest scale a word reaches, the ease's overshoot included: the room layout keeps.
    public var largestScale: Double { Self.largestScale(activeScale, ease: ease) }

    /// The largest scale a spoken word drawn at `scale` reaches with `ease` (its overshoot included).
    public static func largestScale(_ scale: Double, ease: Ease) -> Double { 1 + (scale - 1) * max(1, ease.peak) }

    /// How the spoken word arrives in `state`: its scale (times its size), how far below its
    /// place it is (times the font size) and its opacity, 0...1.
    func arrival(in state: WordState) -> (scale: Double, drop: Double, opacity: Double) {
        let t = Double(state.arrival) / Double(Self.steps)
        let progress = Ease.easeOut.value(t)
        switch wordEntrance.kind {
        case .none: return (1, 0, 1)
        case .pop: return (WordEntrance.popStartScale + (1 - WordEntrance.popStartScale) * progress, 0, min(1, 2 * t))
        case .slide: return (1, WordEntrance.slideDistance * (1 - progress), min(1, 2 * t))
        case .fade: return (1, 0, t)
        }
    }

    /// The scale of the whole caption in `state` (a `pop` entrance), and its opacity (`fade`), 0...1.
    func entranceEffect(in state: WordState) -> (scale: Double, opacity: Double) {
        let progress = Ease.easeOut.value(Double(state.entrance) / Double(Self.steps))
        switch entrance.kind {
        case .none: return (1, 1)
        case .fade: return (1, progress)
        case .pop: return (Entrance.popStartScale + (1 - Entrance.popStartScale) * progress, min(1, progress * 2))
        }
    }
}

/// What a caption shows at one instant: which word is spoken and how far its animations have
/// run, in `WordLook.steps`. Equal states draw equal pixels.
public struct WordState: Sendable, Hashable {
    public var active: Int?  // index into the caption's words; nil before the first word
    public var growth: Int  // the spoken word's grow, 0...steps
    public var entrance: Int  // the caption's entrance, 0...steps
    public var sweep: Int  // the karaoke fill of the spoken word, 0...steps
    public var arrival: Int  // the spoken word's entrance (`WordEntrance`), 0...steps

    public init(
        active: Int?, growth: Int = WordLook.steps, entrance: Int = WordLook.steps, sweep: Int = WordLook.steps,
        arrival: Int = WordLook.steps
    ) {
        self.active = active
        self.growth = growth
        self.entrance = entrance
        self.sweep = sweep
        self.arrival = arrival
    }
}

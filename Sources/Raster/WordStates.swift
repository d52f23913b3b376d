import Layout

/// What a layer shows in a state: its paint, its scale and turn, how far it has arrived, how
/// far the karaoke sweep has reached. Equal appearances draw equal pixels.
struct WordAppearance: Sendable, Equatable {
    var paint: WordPaint
    var scale: Double
    var isActive: Bool
    var sweep: Int  // the karaoke sweep of the spoken word; `WordLook.steps` otherwise
    var dropPixels = 0  // below its place (a word sliding in)
    var opacity = WordLook.steps  // of `WordLook.steps` (a word fading in)
    var tiltDegrees = 0.0  // clockwise (the spoken word turning)

    /// The image this appearance draws of `subject`.
    func image(_ subject: LayerSubject) -> WordImage {
        WordImage(subject: subject, scale: scale, dropPixels: dropPixels, opacity: opacity, tiltDegrees: tiltDegrees)
    }

    /// What of this appearance the layer's alpha follows (the shadows are made of it);
    /// `boxed`: the look draws a box under the spoken word.
    func shape(boxed: Bool) -> WordShape {
        WordShape(
            scale: scale, dropPixels: dropPixels, opacity: opacity, fillAlpha: paint.fill.alpha, outlineAlpha: paint.outline.alpha,
            sweep: sweep, boxed: isActive && boxed, tiltDegrees: tiltDegrees)
    }
}

/// What of an appearance a layer's alpha follows: where and how large it is drawn, how
/// opaque, and whether the spoken word's box is under it. Appearances of equal shape differ
/// only in colour, so the shadows under them stay.
struct WordShape: Sendable, Equatable {
    var scale: Double
    var dropPixels: Int
    var opacity: Int
    var fillAlpha: UInt8
    var outlineAlpha: UInt8
    var sweep: Int
    var boxed: Bool
    var tiltDegrees: Double
}

/// What a layer is drawn from: the whole caption (a look with one state draws it as one
/// layer, the outline dilated around the whole text at once) or one word entry.
enum LayerSubject: Hashable, Sendable {
    case caption
    case word(Int)  // index into `layout.words`
}

/// The first stage of painting, pure: a look and a state give each layer's appearance. A
/// look with one state (`WordLook.hasOneState`) has one layer, the whole caption; any other
/// has one layer per word entry, in the order of `layout.words`.
struct WordStates: Sendable {
    let look: WordLook
    /// Per word entry: its index into the caption's words.
    let wordIndices: [Int]
    let emphasized: Set<Int>  // indices into the caption's words
    let labels: Set<Int>  // indices of the speaker labels among the caption's words
    let fontSizePixels: Double

    /// What each appearance is drawn from, in drawing order.
    var subjects: [LayerSubject] {
        look.hasOneState ? [.caption] : wordIndices.indices.map { .word($0) }
    }

    /// How each layer of `subjects` looks in `state` (nil: not visible): its paint, and for
    /// the spoken word its scale, sweep, arrival drop and opacity, and tilt.
    func appearances(in state: WordState) -> [WordAppearance?] {
        guard !look.hasOneState else {
            return [look.spoken.visible ? WordAppearance(paint: look.spoken, scale: 1, isActive: false, sweep: WordLook.steps) : nil]
        }
        let arrival = look.arrival(in: state)
        return wordIndices.map { index -> WordAppearance? in
            let paint = look.paint(of: index, in: state, emphasized: emphasized.contains(index), isLabel: labels.contains(index))
            guard paint.visible else { return nil }
            guard index == state.active else { return WordAppearance(paint: paint, scale: 1, isActive: false, sweep: WordLook.steps) }
            return WordAppearance(
                paint: paint, scale: look.scale(in: state) * arrival.scale, isActive: true,
                sweep: look.karaoke ? state.sweep : WordLook.steps, dropPixels: Int((arrival.drop * fontSizePixels).rounded()),
                opacity: Int((arrival.opacity * Double(WordLook.steps)).rounded()), tiltDegrees: look.tilt(in: state))
        }
    }
}

extension WordStates {
    /// The states of `look` for `layout`'s words.
    init(_ layout: LaidOutCaption, look: WordLook, emphasized: Set<Int>, labels: Set<Int>) {
        self.init(
            look: look, wordIndices: layout.words.map(\.index), emphasized: emphasized, labels: labels,
            fontSizePixels: layout.fontSize)
    }
}

extension WordLook {
    /// A look with one state: every word in `style`'s fill and outline, always (a static look).
    public static func still(_ style: RasterStyle) -> WordLook {
        let paint = WordPaint(fill: style.fill, outline: style.outline)
        return WordLook(upcoming: paint, active: paint, spoken: paint)
    }

    /// Whether every state draws the same: every word in one paint, nothing animated. Such a
    /// look draws the caption as one layer.
    public var hasOneState: Bool {
        upcoming == active && active == spoken && emphasis == nil && activeBox == nil && activeScale == 1 && tilt == 0
            && entrance.kind == .none && wordEntrance.kind == .none && !karaoke
    }
}

extension WordState {
    /// The state of a look with one state.
    public static let still = WordState(active: nil)
}

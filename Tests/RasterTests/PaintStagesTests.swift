import Caching
import Imaging
import XCTest

@testable import Raster

/// The paint stages without pixels: a look and a state give each layer's appearance
/// (`WordStates`), the layer caches' keys hold all their values depend on, and each cache
/// declares its limit and keeps the most recently used values when it drops some.
final class PaintStagesTests: XCTestCase {
    private let red = RGBAColor(red: 255, green: 0, blue: 0)
    private let grey = RGBAColor(red: 128, green: 128, blue: 128)
    private let yellow = RGBAColor(red: 255, green: 255, blue: 0)

    private func look(_ change: (inout WordLook) -> Void = { _ in }) -> WordLook {
        var look = WordLook(
            upcoming: WordPaint(fill: grey, outline: .black), active: WordPaint(fill: yellow, outline: .black),
            spoken: WordPaint(fill: .white, outline: .black), activeScale: 1.25, grow: 0.2)
        change(&look)
        return look
    }

    private func states(_ look: WordLook, emphasized: Set<Int> = [], labels: Set<Int> = []) -> WordStates {
        WordStates(look: look, wordIndices: [0, 1, 2, 3], emphasized: emphasized, labels: labels, fontSizePixels: 40)
    }

    func testStatesGiveEachWordItsPaintAndTheSpokenWordItsScale() {
        let states = states(look(), emphasized: [3], labels: [0])
        XCTAssertEqual(states.subjects, [.word(0), .word(1), .word(2), .word(3)])
        let before = states.appearances(in: WordState(active: nil))
        XCTAssertEqual(before.map { $0?.paint.fill }, [.white, grey, grey, grey], "a label is painted as spoken words are")
        XCTAssertEqual(before.map { $0?.scale }, [1, 1, 1, 1])
        let growing = states.appearances(in: WordState(active: 2, growth: 0))
        XCTAssertEqual(growing.map { $0?.paint.fill }, [.white, .white, yellow, grey])
        XCTAssertEqual(growing.map { $0?.isActive }, [false, false, true, false])
        XCTAssertEqual(growing[2]?.scale, 1, "the first step of a grow is its start")
        let grown = states.appearances(in: WordState(active: 2))
        XCTAssertEqual(grown[2]?.scale, 1.25)
        XCTAssertEqual(Array(grown[...1]), Array(growing[...1]), "words not spoken look alike in both states")
        let emphasizing = self.states(look { $0.emphasis = red }, emphasized: [3])
        XCTAssertEqual(emphasizing.appearances(in: WordState(active: 1)).map { $0?.paint.fill }, [.white, yellow, grey, red])
    }

    func testHiddenWordsHaveNoAppearanceAndArrivalsMoveTheSpokenWord() {
        let reveal = states(look { $0.upcoming.visible = false })
        XCTAssertEqual(reveal.appearances(in: WordState(active: 1)).map { $0 != nil }, [true, true, false, false])
        let slide = states(look { $0.wordEntrance = WordEntrance(kind: .slide, duration: 0.2) })
        let arriving = slide.appearances(in: WordState(active: 1, arrival: 0))
        XCTAssertEqual(arriving[1]?.dropPixels, Int((WordEntrance.slideDistance * 40).rounded()))
        XCTAssertEqual(arriving[1]?.opacity, 0)
        XCTAssertEqual(slide.appearances(in: WordState(active: 1))[1]?.dropPixels, 0)
    }

    func testALookWithOneStateIsOneLayerTheSameInEveryState() {
        let still = WordLook.still(RasterStyle(fill: yellow, outline: .black, outlineRadius: 3))
        XCTAssertTrue(still.hasOneState)
        let states = states(still, emphasized: [1], labels: [0])
        XCTAssertEqual(states.subjects, [.caption])
        let appearances = [WordState.still, WordState(active: 0), WordState(active: 3, growth: 5)].map { states.appearances(in: $0) }
        XCTAssertEqual(appearances[0], [WordAppearance(paint: WordPaint(fill: yellow, outline: .black), scale: 1, isActive: false, sweep: WordLook.steps)])
        XCTAssertEqual(appearances[1], appearances[0])
        XCTAssertEqual(appearances[2], appearances[0])
        // Anything that changes with the state makes a word look.
        XCTAssertFalse(look().hasOneState)
        XCTAssertFalse(look { $0.activeScale = 1; $0.upcoming = $0.spoken }.hasOneState, "the spoken word's paint differs")
        var karaoke = still
        karaoke.karaoke = true
        XCTAssertFalse(karaoke.hasOneState)
        var boxed = still
        boxed.activeBox = RasterStyle.Box(color: red, padding: 2, cornerRadius: 2)
        XCTAssertFalse(boxed.hasOneState)
    }

    func testShapeChangesOnlyWithWhatTheAlphaFollows() {
        let appearance = WordAppearance(paint: WordPaint(fill: .white, outline: .black), scale: 1, isActive: true, sweep: WordLook.steps)
        var recoloured = appearance
        recoloured.paint.fill = yellow
        XCTAssertNotEqual(appearance, recoloured)
        XCTAssertEqual(appearance.shape(boxed: true), recoloured.shape(boxed: true), "a colour keeps the shadows")
        var grown = appearance
        grown.scale = 1.1
        XCTAssertNotEqual(appearance.shape(boxed: false), grown.shape(boxed: false))
        var faint = appearance
        faint.paint.fill = RGBAColor(red: 255, green: 255, blue: 255, alpha: 128)
        XCTAssertNotEqual(appearance.shape(boxed: false), faint.shape(boxed: false))
        var resting = appearance
        resting.isActive = false
        XCTAssertNotEqual(appearance.shape(boxed: true), resting.shape(boxed: true), "the box leaves with the spoken word")
        XCTAssertEqual(appearance.shape(boxed: false), resting.shape(boxed: false))
    }

    func testLayersAreRasterizedAtTheirSizeOrTheFullScaleOnly() {
        let full = 1.25
        let (atSize, rasterized) = WordLayers.spriteKey(for: WordImage(subject: .word(2), scale: 1), fullScale: full)
        XCTAssertEqual(atSize, WordLayers.SpriteKey(subject: .word(2), scaleThousandths: 1000))
        XCTAssertTrue(rasterized)
        let grown = WordLayers.spriteKey(for: WordImage(subject: .word(2), scale: full), fullScale: full)
        XCTAssertEqual(grown.key.scaleThousandths, 1250)
        XCTAssertTrue(grown.asRasterized)
        let growing = WordLayers.spriteKey(for: WordImage(subject: .word(2), scale: 1.1), fullScale: full)
        XCTAssertEqual(growing.key, grown.key, "a scale between is resampled from the full scale")
        XCTAssertFalse(growing.asRasterized)
        let turned = WordLayers.spriteKey(for: WordImage(subject: .word(2), scale: 1, tiltDegrees: 4), fullScale: full)
        XCTAssertEqual(turned.key, grown.key, "a turn is resampled from the full scale")
        XCTAssertFalse(turned.asRasterized)
        // Fades and drops are made from the same sprite.
        let fading = WordLayers.spriteKey(for: WordImage(subject: .word(2), scale: 1, dropPixels: 6, opacity: 10), fullScale: full)
        XCTAssertEqual(fading.key, atSize)
        XCTAssertNotEqual(
            WordLayers.SpriteKey(subject: .caption, scaleThousandths: 1000), WordLayers.SpriteKey(subject: .word(0), scaleThousandths: 1000))
    }

    func testCacheKeysHoldEverythingTheLayerDependsOn() {
        let sprite = WordLayers.SpriteKey(subject: .word(1), scaleThousandths: 1000)
        let keys: Set<WordLayers.PaintKey> = [
            WordLayers.PaintKey(sprite: sprite, fill: .white, outline: .black),
            WordLayers.PaintKey(sprite: sprite, fill: yellow, outline: .black),
            WordLayers.PaintKey(sprite: sprite, fill: .white, outline: red),
            WordLayers.PaintKey(sprite: WordLayers.SpriteKey(subject: .word(1), scaleThousandths: 1250), fill: .white, outline: .black),
        ]
        XCTAssertEqual(keys.count, 4)
        let base = WordLayers.TransformKey(subject: .word(1), scale: 1.1, fill: .white, outline: .black)
        var transforms: Set<WordLayers.TransformKey> = [base]
        let (yellow, red) = (self.yellow, self.red)
        for change in [
            { (key: inout WordLayers.TransformKey) in key.scale = 1.2 }, { $0.opacity = 20 }, { $0.tiltDegrees = 3 },
            { $0.fill = yellow }, { $0.outline = red }, { $0.subject = .word(2) },
        ] {
            var key = base
            change(&key)
            transforms.insert(key)
        }
        XCTAssertEqual(transforms.count, 7)
    }

    func testEachLayerCacheDeclaresItsLimitAndKeepsTheRecentlyUsed() {
        // A caption's words at two scales, each in the few paints of a look, fit.
        XCTAssertGreaterThanOrEqual(WordLayers.spriteLimit, 2 * 64)
        XCTAssertGreaterThanOrEqual(WordLayers.paintLimit, 2 * WordLayers.spriteLimit)
        XCTAssertGreaterThanOrEqual(WordLayers.transformLimit, 16)
        var cache = BoundedCache<WordLayers.TransformKey, Int>(limit: WordLayers.transformLimit)
        let key = { (step: Int) in
            WordLayers.TransformKey(subject: .word(0), scale: 1 + Double(step) / 1000, fill: .white, outline: .black)
        }
        cache.insert(-1, for: key(0))
        for step in 0..<(3 * WordLayers.transformLimit) {
            _ = cache.value(for: key(0))  // the layer drawn in every state stays
            cache.insert(step, for: key(step + 1))
            XCTAssertLessThanOrEqual(cache.count, WordLayers.transformLimit)
        }
        XCTAssertNil(cache.value(for: key(1)), "the oldest are dropped")
        XCTAssertEqual(cache.value(for: key(0)), -1, "the one used in every state is kept")
        XCTAssertEqual(cache.value(for: key(3 * WordLayers.transformLimit)), 3 * WordLayers.transformLimit - 1)
    }
}

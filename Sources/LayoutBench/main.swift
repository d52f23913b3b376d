import CaptionCases
import CaptionFiles
import Captions
import Foundation
import Layout
import Pipeline
import Raster
import Settings

// The cost of one caption before any frame: layout (fonts, shaping, breaks, fit) and
// rasterization (glyphs, outline), with the tiktok preset at 1080x1920, on the sample's
// captions and on the layout cases of Tests/Cases/captions.json (every language); and the
// cost of chunking recognized speech into captions. Run with
// `make bench-layout` (a release build, from the checkout; `make bench` runs it too). Not a
// test: timings vary by machine.

let root: URL
do {
    root = try CaptionCaseFile.checkout()
} catch {
    FileHandle.standardError.write(Data("LayoutBench: \(error)\n".utf8))
    exit(1)
}
let engine = try LayoutEngine(
    fontsConf: root.appendingPathComponent("Fonts.conf"),
    phrases: try PhraseTables(folder: root.appendingPathComponent("Presets/rules/boundaries")))
let preset = try Preset.load(try Resources.preset("tiktok"))
let style = preset.textStyle(width: 1080, height: 1920)

/// The sample's segments as captions.
@MainActor func sampleCaptions() throws -> [Caption] {
    let transcript = try CaptionReader.read(root.appendingPathComponent("Samples/talk.json"))
    return transcript.segments.map {
        Caption(text: $0.text, start: $0.start, end: $0.end, language: $0.language ?? transcript.language)
    }
}

/// The layout cases, as the layout goldens lay them out.
@MainActor func layoutCaseCaptions() throws -> [Caption] {
    try CaptionCaseFile.cases(.layout, in: root).map { Caption(text: $0.text, start: 0, end: 1, language: $0.language) }
}

let clock = ContinuousClock()
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

@MainActor func bench(_ name: String, _ captions: [Caption], rounds: Int) throws {
    // Warm up: fonts opened and fontconfig's fallbacks sorted once per language, as in a render.
    let laidOut = try captions.map { try engine.layout($0, style: style) }
    for caption in laidOut { _ = try Rasterizer.render(caption, style: preset.rasterStyle(fontSize: caption.fontSize), faces: engine.faces) }

    var layout = Duration.zero
    var raster = Duration.zero
    var each: [Double] = []  // ms, layout + raster of one caption
    for _ in 0..<rounds {
        for caption in captions {
            let start = clock.now
            let result = try engine.layout(caption, style: style)
            let middle = clock.now
            _ = try Rasterizer.render(result, style: preset.rasterStyle(fontSize: result.fontSize), faces: engine.faces)
            let end = clock.now
            layout += middle - start
            raster += end - middle
            each.append(milliseconds(end - start))
        }
    }
    each.sort()
    let count = Double(each.count)
    print(
        String(
            format: "%-8@ %3d captions x %d: layout %6.0f captions/s, raster %6.0f captions/s; "
                + "layout+raster per caption: median %.2f ms, 90th %.2f ms, worst %.2f ms",
            name as NSString, captions.count, rounds, count / (milliseconds(layout) / 1000),
            count / (milliseconds(raster) / 1000), each[each.count / 2], each[each.count * 9 / 10], each.last!))
}

/// The median time to make one active-word state of a word-by-word look: each caption's
/// painter draws every state in order (the spoken word moving on), as a render does.
@MainActor func benchStates(_ name: String, look lookName: String, _ captions: [Caption], rounds: Int) throws {
    let look = try Look.load(try Resources.look(lookName))
    let lookStyle = preset.textStyle(width: 1080, height: 1920, look: look)
    var each: [Double] = []  // ms per state
    var states = 0
    for _ in 0..<rounds {
        for caption in captions {
            let layout = try engine.layout(caption, style: lookStyle)
            guard let wordLook = look.wordLook(preset: preset, fontSize: layout.fontSize) else { continue }
            let painter = StatePainter(layout, look: wordLook, style: preset.rasterStyle(fontSize: layout.fontSize, look: look), faces: engine.faces)
            for index in caption.words.indices {
                let start = clock.now
                _ = try painter.bitmap(WordState(active: index))
                each.append(milliseconds(clock.now - start))
                states += 1
            }
        }
    }
    each.sort()
    print(
        String(
            format: "%-8@ %-9@ %4d states: one active-word state median %.3f ms, 90th %.3f ms (the first of a caption rasterizes its words)",
            name as NSString, lookName as NSString, states, each[each.count / 2], each[each.count * 9 / 10]))
}

/// The sample's captions with their word timings.
@MainActor func timedSampleCaptions() throws -> [Caption] {
    let transcript = try CaptionReader.read(root.appendingPathComponent("Samples/talk.json"))
    return CaptionBuilder.captions(from: transcript, warnings: &ignoredWarnings)
}
var ignoredWarnings: [String] = []

/// The cost of chunking per caption made: the sample's transcript and every layout case as
/// recognized speech (a word each 0.3 s), split with the preset's limits, the reading rules
/// and the phrase tables, as a render of recognized speech splits it.
@MainActor func benchChunking(blocks: Int, rounds: Int) throws {
    let rules = try ReadingRules.shipped()
    var segments = try CaptionReader.read(root.appendingPathComponent("Samples/talk.json")).segments
    for (index, item) in try CaptionCaseFile.cases(.layout, in: root).enumerated() {
        let start = 10 * Double(index)
        let words = Tokenizer.tokens(item.text).enumerated().map { i, token in
            Word(text: token.display, start: start + Double(i) * 0.3, end: start + Double(i + 1) * 0.3)
        }
        segments.append(
            Segment(text: item.text, start: start, end: start + Double(words.count) * 0.3, language: item.language, words: words))
    }
    let transcript = Transcript(segments: segments, language: "en")
    let limits = rules.applied(
        to: preset.chunkingLimits(frameDuration: 1.0 / 30), languages: Set(segments.map(\.language) + [nil, "en"]),
        maximumLines: style.maximumLines)
    let made = CaptionBuilder.captions(from: transcript, limits: limits, warnings: &ignoredWarnings).count
    // Blocks of rounds: the median block, and the fastest (the least disturbed by the machine).
    var perCaption: [Double] = []
    for _ in 0..<blocks {
        let start = clock.now
        for _ in 0..<rounds where CaptionBuilder.captions(from: transcript, limits: limits, warnings: &ignoredWarnings).count != made {
            fatalError("chunking made a different number of captions")
        }
        perCaption.append(1000 * milliseconds(clock.now - start) / Double(made * rounds))
    }
    perCaption.sort()
    print(
        String(
            format: "chunking %3d segments x %d x %d: %d captions, %.1f µs per caption (median block), fastest %.1f",
            segments.count, blocks, rounds, made, perCaption[perCaption.count / 2], perCaption[0]))
}

try benchChunking(blocks: 10, rounds: 30)
try bench("sample", try sampleCaptions(), rounds: 50)
try bench("goldens", try layoutCaseCaptions(), rounds: 20)
for look in ["highlight", "pop", "popin", "neon"] { try benchStates("sample", look: look, try timedSampleCaptions(), rounds: 20) }

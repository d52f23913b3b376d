import Captions
import Files
import Foundation
import Imaging
import Layout
import Media
import Pipeline
import Settings

/// `burn-captions looks --sheet FILE.png`: the looks side by side, to choose one at a glance.
/// Each look is drawn at one instant, while a word is spoken, in the band of the frame its
/// caption takes (the same band for every look), with its name under it: over the user's
/// video at that instant when an input is given, else over a plain grey frame of the
/// preset's size. Two looks a row, on one page.
extension Burner {
    /// Draws `looks` (every look when empty) with `request`'s preset and captions (the
    /// `LookSheet.sample` caption when they are named `LookSheet.sampleName`) at
    /// `time` seconds (nil: a little after the second word of the first caption starts), and
    /// writes the sheet to the request's output. Returns the looks drawn, in order.
    @discardableResult
    public static func lookSheet(
        _ request: BurnRequest, looks: [String], at time: Double?, events: (BurnEvent) -> Void = { _ in }
    ) throws -> [String] {
        do {
            guard let output = request.output.path else { throw BurnError.usage("looks --sheet needs the sheet's file (FILE.png)") }
            try OutputFile.check(output, inputs: request.inputFiles)
            let names = looks.isEmpty ? Resources.lookNames() : looks
            guard !names.isEmpty else { throw BurnError.input("no looks found (set BURN_CAPTIONS_HOME to the folder that holds Presets/looks/)") }
            let input = try LookSheet.input(request)
            let session = try PlanSession(input)
            var sheetRequest = request
            if request.captions.file == LookSheet.sampleName {
                let given = request.captions
                sheetRequest.captions = CaptionInput(
                    LookSheet.sample, name: LookSheet.sampleName, strict: given.strict, language: given.language, script: given.script)
            }
            var plans: [SessionPlan] = []
            for name in names {
                var one = sheetRequest
                one.look = name
                plans.append(try session.plan(one, events: events))
            }
            guard let first = plans.first?.captions.first else {
                throw BurnError.input("\(request.captions.file): no captions to show, so no sheet of looks")
            }
            let instant = time ?? LookSheet.instant(first)
            if request.input.path != nil, let duration = input.info.duration, instant >= duration {
                throw Burner.pastTheEnd(request, instant, duration)
            }
            let bitmaps = try plans.map { try $0.bitmap(at: instant) }
            guard bitmaps.contains(where: { $0 != nil }) else {
                throw BurnError.input(
                    "--at \(String(format: "%.3f", instant)) s: no caption is shown then, so no sheet of looks (the first "
                        + "shows from \(String(format: "%.3f", first.start)) to \(String(format: "%.3f", first.end)) s)")
            }
            let band = LookSheet.band(bitmaps.compactMap { $0 }, style: plans[0].style, width: input.info.width, height: input.info.height)
            let background = try LookSheet.background(request, input: input, at: instant)
            let sheet = ContactSheet(
                count: names.count, columns: min(2, names.count), frameWidth: band.width, frameHeight: band.height,
                thumbnailWidth: LookSheet.tileWidth)
            guard sheet.pageCount == 1 else { throw BurnError.usage("looks --sheet: at most \(sheet.perPage) looks on one sheet") }
            for (index, bitmap) in bitmaps.enumerated() {
                let canvas = try background.copy()
                if let bitmap { canvas.blend(bitmap) }
                let tile = try canvas.cropped(x: band.x, y: band.y, width: band.width, height: band.height)
                if let (_, page) = try sheet.add(tile, at: index, label: names[index], engine: plans[index].labelEngine) {
                    try OutputFile(output: output, inputs: request.inputFiles).write(Data(try page.png(file: output)))
                }
            }
            return names
        } catch {
            throw BurnError.wrap(error)
        }
    }
}

/// What the sheet of looks is made of: its sample caption, its instant, its band and its background.
public enum LookSheet {
    /// The name the sample caption goes by, standing for a caption file.
    public static let sampleName = "(sample caption)"

    /// The width of a look's picture on the sheet. // pixels
    static let tileWidth = 480

    /// The caption drawn when no file is given: five English words, each 0.4 s, from 0.2 s.
    static var sample: Transcript {
        let text = "Captions that look right everywhere"
        let words = text.split(separator: " ").enumerated().map { index, word in
            Word(text: String(word), start: 0.2 + 0.4 * Double(index), end: 0.55 + 0.4 * Double(index))
        }
        return Transcript(segments: [Segment(text: text, start: 0.2, end: 2.4, language: "en", words: words)], language: "en")
    }

    /// A little after the second word of `caption` starts (its start when it has one word):
    /// the first word spoken, the second growing or lighting up, the rest to come.
    static func instant(_ caption: Caption) -> Double {
        let words = caption.words
        let start = words.count > 1 ? words[1].start : caption.start
        return min(start + 0.12, max(caption.start, caption.end - 0.001))
    }

    /// The frame to draw on: the input's at `time`, or a plain grey frame of its size.
    static func background(_ request: BurnRequest, input: MediaInput, at time: Double) throws -> Canvas {
        guard request.input.path != nil else { return try Canvas(width: input.info.width, height: input.info.height, luma: 72) }
        var kept: Canvas?
        try FrameGrabber(input: input).frames(at: [time], holdingLastFrame: true) { _, canvas in kept = try canvas.copy() }
        guard let kept else { throw BurnError.input("\(request.input.name): no frame at \(time) s") }
        return kept
    }

    /// The probed video, or the preset's reference frame when there is none.
    static func input(_ request: BurnRequest) throws -> MediaInput {
        if let path = request.input.path {
            try Burner.checkInput(path)
            return try MediaInput(path: path)
        }
        return try ReferenceFrame.input(request, frameRate: 30)
    }

    /// The band every look's caption fits in: the frame's `width`, from a little above the
    /// highest caption to a little below the lowest (around the anchor when none is on
    /// screen), in even pixels.
    static func band(_ bitmaps: [CaptionBitmap], style: TextStyle, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let margin = max(8, Int(style.size * 0.4))
        let top = bitmaps.map(\.y).min() ?? Int(style.anchorY - style.size)
        let bottom = bitmaps.map { $0.y + $0.height }.max() ?? Int(style.anchorY + style.size)
        let y = max(0, top - margin) & ~1
        let end = min(height, bottom + margin)
        return (0, y, width & ~1, max(2, (end - y) & ~1))
    }
}

import CaptionCases
import Captions
import Foundation
import Layout
import Pipeline
import Settings

/// `LayoutEngine` on random text: the first byte picks a language (or none, so the engine
/// guesses) and a preset, the rest is the caption text, decoded as UTF-8 with invalid bytes
/// replaced. Layout only: nothing is rasterized.
enum LayoutTarget {
    /// Longer text only costs time: a caption is a line or two. // bytes
    static let maximumLength = 200

    /// Language tags the first byte chooses from; nil lets the engine guess from the text.
    static let languages: [String?] = [nil, "en", "ja", "zh-Hans", "zh-Hant", "ko", "th", "ar", "he", "hi", "ru", "vi"]

    /// The engine and each preset's style at its own frame size, set up on the first input.
    /// libFuzzer and XCTest call one input at a time, on one thread.
    private nonisolated(unsafe) static var setup: (engine: LayoutEngine, styles: [TextStyle])?

    private static func prepared() -> (engine: LayoutEngine, styles: [TextStyle]) {
        if let setup { return setup }
        do {
            let engine = try LayoutEngine(fontsConf: try Resources.fontsConf(), phrases: try ReadingRules.shipped().phrases)
            let styles = try Resources.presetNames().map { name in
                let preset = try Preset.load(try Resources.preset(name))
                return preset.textStyle(width: Int(preset.frame.width), height: Int(preset.frame.height))
            }
            require(!styles.isEmpty, "no presets found")
            setup = (engine, styles)
            return (engine, styles)
        } catch {
            // Not a finding: the fonts or presets are missing (scripts/setup.sh installs them).
            fatalError("cannot set up the layout target: \(error)")
        }
    }

    /// The input that lays out `test`: a first byte that picks the case's preset and the
    /// nearest language of `languages` (the same language and script, else none, so the engine
    /// guesses), then the text.
    static func seed(_ test: CaptionCase) throws -> Data {
        let presets = Resources.presetNames()
        guard let preset = presets.firstIndex(of: test.preset) else {
            throw CaptionCaseFile.Problem(description: "\(test.name): no preset \"\(test.preset)\" (known: \(presets.joined(separator: ", ")))")
        }
        let first = languageIndex(test.language) + languages.count * preset
        require(first <= Int(UInt8.max), "\(languages.count) languages and \(presets.count) presets do not fit one byte")
        return Data([UInt8(first)] + Array(test.text.utf8))
    }

    /// Where `tag` or the nearest tag the target has is in `languages`; 0 (none) when no tag has its language and script.
    static func languageIndex(_ tag: String?) -> Int {
        guard let tag else { return 0 }
        if let exact = languages.firstIndex(where: { $0?.lowercased() == tag.lowercased() }) { return exact }
        let wanted = LanguageTag(tag)
        return languages.firstIndex { candidate in
            guard let candidate else { return false }
            let known = LanguageTag(candidate)
            return known.language == wanted.language && known.script == wanted.script
        } ?? 0
    }

    static func run(_ data: Data) {
        guard let first = data.first else { return }
        let (engine, styles) = prepared()
        let language = languages[Int(first) % languages.count]
        let style = styles[Int(first) / languages.count % styles.count]
        let text = String(decoding: data.dropFirst().prefix(maximumLength), as: UTF8.self)
        // Words as a recognizer would time them, for the engine's word positions (highlighting).
        let words = text.split(whereSeparator: \.isWhitespace).map { Word(text: String($0), start: 0, end: 1) }
        let caption = Caption(text: text, start: 0, end: 1, language: language, words: words)
        guard let laidOut = try? engine.layout(caption, style: style) else { return }
        check(laidOut, text: text, style: style)
    }

    /// What the engine promises: one line at least and no more than the style allows, all of
    /// the text (but the breaking spaces; a no-break space stays) in the lines in order, finite
    /// positions, a positive size, and a block inside the safe area unless it overflows.
    static func check(_ laidOut: LaidOutCaption, text: String, style: TextStyle) {
        require(
            (1...max(1, style.maximumLines)).contains(laidOut.lines.count),
            "\(laidOut.lines.count) lines for \(text.debugDescription)")
        require(laidOut.fontSize > 0 && laidOut.fontSize.isFinite, "font size \(laidOut.fontSize)")
        let shown = laidOut.lines.flatMap { $0.text.unicodeScalars.filter { $0 != " " } }
        let given = Array(text.split(whereSeparator: \.isBreakingSpace).joined(separator: " ").unicodeScalars.filter { $0 != " " })
        require(shown == given, "lines \(laidOut.lines.map(\.text)) lose text of \(text.debugDescription)")
        for line in laidOut.lines {
            require(line.width.isFinite && line.width >= 0, "line width \(line.width)")
            for glyph in line.glyphs {
                require(glyph.x.isFinite && glyph.baseline.isFinite, "glyph at \(glyph.x), \(glyph.baseline)")
                require(laidOut.fonts.indices.contains(glyph.face), "glyph of face \(glyph.face)")
            }
        }
        for word in laidOut.words {
            require(laidOut.lines.indices.contains(word.line), "word on line \(word.line)")
            require(word.glyphs.upperBound <= laidOut.lines[word.line].glyphs.count, "word glyphs \(word.glyphs)")
        }
        if !laidOut.overflows {
            let area = style.safeArea
            let box = laidOut.box
            let slack = 1e-6
            require(
                box.x >= area.x - slack && box.y >= area.y - slack && box.x + box.width <= area.maxX + slack
                    && box.y + box.height <= area.maxY + slack,
                "box \(box) outside the safe area \(area) for \(text.debugDescription)")
        }
    }
}

import XCTest

@testable import Captions

final class ScriptAlignerTests: XCTestCase {
    private func segment(_ words: [String], start: Double = 0, step: Double = 0.5) -> Segment {
        let timed = words.enumerated().map { i, text in
            Word(text: text, start: start + Double(i) * step, end: start + Double(i + 1) * step)
        }
        return Segment(text: words.joined(separator: " "), start: start, end: start + Double(words.count) * step, words: timed)
    }

    func testTraditionalScriptGivesTraditionalCaptionsWithItsPunctuation() {
        // A Simplified recognizer without punctuation; the speaker read a Traditional script.
        let recognized = Segment(
            text: "我们今天讨论视频字幕很重要", start: 1, end: 4,
            words: [
                Word(text: "我们", start: 1.0, end: 1.4), Word(text: "今天", start: 1.4, end: 1.8),
                Word(text: "讨论", start: 1.8, end: 2.2), Word(text: "视频", start: 2.2, end: 2.6),
                Word(text: "字幕", start: 2.6, end: 3.0), Word(text: "很", start: 3.2, end: 3.4),
                Word(text: "重要", start: 3.4, end: 4.0),
            ])
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(
            from: Transcript(segments: [recognized], language: "zh-TW"), script: "我們今天討論視頻字幕，很重要。",
            warnings: &warnings)
        XCTAssertEqual(captions.map(\.text), ["我們今天討論視頻字幕，很重要。"])
        XCTAssertEqual(captions[0].start, 1.0)
        // Each timed recognizer word is one caption word, in the script's form (issue 17).
        XCTAssertEqual(captions[0].words.map(\.text), ["我們", "今天", "討論", "視頻", "字幕，", "很", "重要。"])
        XCTAssertEqual(captions[0].words.last?.end, 4.0, "timings stay the recognizer's")
    }

    func testLatinScriptPunctuationAndCaseWinOnlyWhereWordsMatch() {
        let tokens = [TimedToken.tokens(of: segment(["hello", "developer", "how", "are", "ya", "bye"]))]
        let aligned = ScriptAligner().align(tokens, script: "Hello developer, how are you? Goodbye.")
        // "ya" and "bye" are worded differently: they keep their text and take the script's punctuation.
        XCTAssertEqual(Tokenizer.join(aligned[0].map(\.token)), "Hello developer, how are ya? bye.")
        XCTAssertEqual(aligned[0].map(\.start), tokens[0].map(\.start), "timings stay the recognizer's")
    }

    func testStandalonePunctuationOfTheScriptIsKept() {
        let tokens = [TimedToken.tokens(of: segment(["this", "that", "ca", "va"]))]
        let aligned = ScriptAligner().align(tokens, script: "This — that. Ça va ?")
        XCTAssertEqual(Tokenizer.join(aligned[0].map(\.token)), "This — that. ca va ?")
    }

    func testWordsTheScriptLacksStayAsRecognized() {
        let tokens = [TimedToken.tokens(of: segment(["so", "um", "we", "go"]))]
        let aligned = ScriptAligner().align(tokens, script: "So, we go.")
        XCTAssertEqual(Tokenizer.join(aligned[0].map(\.token)), "So, um we go.")
    }

    func testMissingScriptWordGivesItsFullStopToTheWordBefore() {
        let tokens = [TimedToken.tokens(of: segment(["we", "start", "now", "okay"]))]
        let aligned = ScriptAligner().align(tokens, script: "We start now, today. Okay!")
        XCTAssertEqual(Tokenizer.join(aligned[0].map(\.token)), "We start now, Okay!")
    }

    func testScriptWithoutSymbolsKeepsTheRecognizedOnes() {
        let tokens = [TimedToken.tokens(of: segment(["Save", "5%", "on", "$20", "plans"]))]
        let aligned = ScriptAligner().align(tokens, script: "Save 5 percent on 20 dollars plans.")
        XCTAssertEqual(Tokenizer.join(aligned[0].map(\.token)), "Save 5% on $20 plans.")
    }

    func testUnequalLengthsStayBoundedAndOrdered() {
        let script = (0..<12000).map { "s\($0 % 101)" }
        let recognized = Array(script[2000..<8000])
        let steps = ScriptAligner.alignment(recognized, script)
        XCTAssertEqual(steps.filter { if case .recognizedOnly = $0 { return true } else { return false } }.count
            + steps.filter { if case .pair = $0 { return true } else { return false } }.count, recognized.count)
    }

    func testKeysFoldCaseAndTraditionalChinese() {
        let aligner = ScriptAligner()
        XCTAssertEqual(aligner.key("Hello!"), "hello")
        XCTAssertEqual(aligner.key("們"), aligner.key("们"))
        XCTAssertEqual(aligner.key("視頻"), "视频")
    }

    func testAlignmentKeepsOrderAndHandlesLongInputs() {
        let a = (0..<3000).map { "w\($0 % 97)" }
        var b = a
        b.remove(at: 1500)
        b.insert("extra", at: 10)
        let steps = ScriptAligner.alignment(a, b)
        let pairs = steps.compactMap { step -> (Int, Int)? in
            if case .pair(let i, let j, _) = step { return (i, j) }
            return nil
        }
        XCTAssertEqual(pairs.count, 2999)
        XCTAssertTrue(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
        XCTAssertTrue(steps.contains(.recognizedOnly(1500)))
        XCTAssertTrue(steps.contains(.scriptOnly(10)))
    }
}

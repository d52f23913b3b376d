import CaptionCases
import Foundation

/// The libFuzzer targets (`make fuzz`, docs/TESTING.md): each takes any bytes and returns
/// normally. A thrown `CaptionError` or layout error is a fine answer to bad input; a crash,
/// a hang or a broken invariant (a failed `require`) is a bug.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `CaptionReader` on SubRip, then the Captions stage.
    case srt
    /// `CaptionReader` on WebVTT, then the Captions stage.
    case webvtt
    /// `CaptionReader` on JSON: detected by content, and forced native, Whisper and live log.
    case json
    /// `LayoutEngine` on short random text in one of a few languages and presets.
    case layout
    /// `ByteRange` (the review server's `Range: bytes=` parser) on any header and file size.
    case range
    /// The review server's request handling (`ReviewAPI`) on requests as written on the wire.
    case review
    /// A recognizer's standard output, cut into lines and read as `Recognition` reads it.
    case recognizer
    /// A transcript cache entry, read back as `Recognition` reads it.
    case cache

    /// Runs one input; returns when the code under test held up.
    public func run(_ data: Data) {
        switch self {
        case .srt: ReaderTargets.read(data, file: "fuzz.srt", formats: [.srt])
        case .webvtt: ReaderTargets.read(data, file: "fuzz.vtt", formats: [.vtt])
        case .json: ReaderTargets.read(data, file: "fuzz.json", formats: [nil, .json, .whisper, .live])
        case .layout: LayoutTarget.run(data)
        case .range: RangeTarget.run(data)
        case .review: ReviewTarget.run(data)
        case .recognizer: RecognizerTargets.engine(data)
        case .cache: RecognizerTargets.cache(data)
        }
    }

    /// This target's seeds made from the caption cases (`Tests/Cases/captions.json`), each
    /// with a file name: one a case for `layout`, none for the readers, whose seeds are
    /// caption files in `Fuzz/corpus/`.
    public func seeds(from cases: [CaptionCase]) throws -> [(name: String, data: Data)] {
        switch self {
        case .srt, .webvtt, .json, .range, .review, .recognizer, .cache: return []
        case .layout:
            return try cases.enumerated().map { index, test in
                let name = String(test.name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
                return (String(format: "case-%03d-", index) + name + ".txt", try LayoutTarget.seed(test))
            }
        }
    }
}

/// Stops the run with `message` when `condition` fails: a broken promise is a finding. Unlike
/// `precondition`, whose message a release build (as the fuzzer's is) leaves out.
func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    if !condition { fatalError(message(), file: file, line: line) }
}

import Foundation
import Media

/// Reviewed references that tests hold their output to: text compared exactly, pictures within
/// a tolerance. `RECORD_GOLDENS=1` (`make goldens`) makes the tests write them instead and
/// fail, so every change of a golden is a reviewed commit; a picture that differs leaves the
/// render and a diff in `.build/golden-failures/`.
public enum Goldens {
    /// True when the tests should record their goldens rather than compare.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Where a failed picture comparison leaves the render and the diff.
    public static let failures = Repository.root.appendingPathComponent(".build/golden-failures")

    /// A channel difference up to this is noise (a FreeType or swscale rounding elsewhere). // 0...255
    public static let tolerance = 24
    /// How many pixels may exceed the tolerance: 0.02% of the frame, at least 20.
    public static func allowedPixels(_ count: Int) -> Int { max(20, count / 5000) }

    /// Where `actual` first differs from the text stored at `golden`, as a failure message;
    /// nil when they are the same.
    public static func textDifference(_ actual: String, from golden: URL) throws -> String? {
        let expected = try String(contentsOf: golden, encoding: .utf8)
        guard actual != expected else { return nil }
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(got.count, wanted.count)).first { got[$0] != wanted[$0] } ?? min(got.count, wanted.count)
        return "layout differs from \(golden.lastPathComponent) at line \(first + 1):\n  expected: "
            + "\(first < wanted.count ? wanted[first] : "(end)")\n  actual:   "
            + "\(first < got.count ? got[first] : "(end)")\n(RECORD_GOLDENS=1 make test records a new golden)"
    }

    /// Holds each picture of `pictures` (name, PNG) to `folder/NAME.png`, or records them all
    /// when recording; returns the failure messages (one saying what was recorded, then).
    public static func check(_ pictures: [(name: String, png: [UInt8])], in folder: URL, prefix: String = "") throws -> [String] {
        if isRecording {
            for picture in pictures { try Data(picture.png).write(to: folder.appendingPathComponent("\(picture.name).png")) }
            return ["recorded \(pictures.count) goldens in \(folder.path); review and commit them"]
        }
        return try pictures.compactMap { picture in
            try imageDifference(picture.png, from: folder.appendingPathComponent("\(picture.name).png"), name: prefix + picture.name)
        }
    }

    /// How the picture `png` (a render of case `name`) differs from the one stored at
    /// `golden`, as a failure message naming the files left in `failures`; nil when no more
    /// than `allowedPixels` pixels differ by more than `tolerance`.
    public static func imageDifference(_ png: [UInt8], from golden: URL, name: String) throws -> String? {
        guard let stored = FileManager.default.contents(atPath: golden.path) else {
            return "\(name): no golden at \(golden.path) (RECORD_GOLDENS=1 make test records it)"
        }
        let want = try PNGDecoder.decode([UInt8](stored), file: golden.path)
        let got = try PNGDecoder.decode(png, file: name)
        guard want.width == got.width, want.height == got.height else {
            try writeFailure(name, actual: png, diff: nil)
            return "\(name): \(got.width)x\(got.height), golden is \(want.width)x\(want.height)"
        }
        let (count, diff) = compare(want, got)
        let allowed = allowedPixels(want.width * want.height)
        guard count > allowed else { return nil }
        let paths = try writeFailure(name, actual: png, diff: diff)
        return "\(name): \(count) pixels differ by more than \(tolerance) (allowed \(allowed)); see \(paths.actual) and \(paths.diff)"
    }

    /// How many pixels differ by more than the tolerance, and a diff picture: grey for small
    /// differences (times 4), red where a pixel exceeds the tolerance.
    public static func compare(_ a: RGBImage, _ b: RGBImage) -> (Int, RGBImage) {
        var count = 0
        var diff = [UInt8](repeating: 0, count: a.pixels.count)
        for p in stride(from: 0, to: a.pixels.count, by: 3) {
            let d = (0..<3).map { abs(Int(a.pixels[p + $0]) - Int(b.pixels[p + $0])) }.max() ?? 0
            if d > tolerance {
                count += 1
                diff[p] = 255
            } else {
                let grey = UInt8(min(255, d * 4))
                diff[p] = grey
                diff[p + 1] = grey
                diff[p + 2] = grey
            }
        }
        return (count, RGBImage(width: a.width, height: a.height, pixels: diff))
    }

    /// Writes `<name>.actual.png` and, when given, `<name>.diff.png` into `failures`.
    @discardableResult
    private static func writeFailure(_ name: String, actual: [UInt8], diff: RGBImage?) throws -> (actual: String, diff: String) {
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let actualURL = failures.appendingPathComponent("\(name).actual.png")
        let diffURL = failures.appendingPathComponent("\(name).diff.png")
        try Data(actual).write(to: actualURL)
        if let diff { try Data(try diff.png()).write(to: diffURL) }
        return (actualURL.path, diffURL.path)
    }
}

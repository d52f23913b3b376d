import CaptionFiles
import Captions
import Foundation
import Imaging

/// Reads the boxes another tool found (`--obstacles FILE.json`): an object whose `obstacles`
/// array holds `{"x", "y", "width", "height", "start", "end"}` in pixels of the upright video
/// frame and seconds from its start, with an optional `kind` (`face`, `text`, `other`).
/// Every problem is reported together, each at its field (`FILE: obstacles[3].width: ...`).
public enum ObstacleFile {
    /// The largest position or size taken: far past any video frame (FFmpeg's largest is 16384). // pixels
    public static let largestPixels = 100_000.0

    /// The obstacles of the file at `path`, in its order.
    public static func read(path: String) throws -> [Obstacle] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CaptionError([CaptionProblem(file: path, message: "cannot be read (\((error as NSError).localizedDescription))")])
        }
        return try read(data, file: path)
    }

    /// The obstacles `data` holds, `file` naming it in problems.
    public static func read(_ data: Data, file: String) throws -> [Obstacle] {
        let root = try JSONDocument.parse(data, file: file)
        var problems = ProblemList(file: file)
        guard let top = JSONObject(root, at: .root, problems: &problems) else {
            try problems.check()
            return []
        }
        guard top.has("obstacles") else {
            problems.add(at: JSONLocation.root.field("obstacles"), "missing array")
            try problems.check()
            return []
        }
        let obstacles = top.objects("obstacles", problems: &problems) { object, problems in obstacle(object, &problems) } ?? []
        try problems.check()
        return obstacles
    }

    private static func obstacle(_ object: JSONObject, _ problems: inout ProblemList) -> Obstacle? {
        var kind = Obstacle.Kind.other
        if let name = object.string("kind", problems: &problems) {
            if let known = Obstacle.Kind(rawValue: name) {
                kind = known
            } else {
                problems.add(at: object.location.field("kind"), "expected face, text or other, not \"\(name)\"")
            }
        }
        func length(_ key: String, positive: Bool) -> Double? {
            guard let value = object.number(key, expecting: "a number of pixels", required: true, problems: &problems) else {
                return nil
            }
            let bound = "\(Int(largestPixels)) pixels"
            guard value.isFinite, positive ? value > 0 : value >= 0, value <= largestPixels else {
                problems.add(
                    at: object.location.field(key),
                    "is \(String(format: "%g", value)), expected " + (positive ? "more than 0 and at most \(bound)" : "0 to \(bound)"))
                return nil
            }
            return value
        }
        let x = length("x", positive: false)
        let y = length("y", positive: false)
        let width = length("width", positive: true)
        let height = length("height", positive: true)
        let times = object.times(problems: &problems)
        guard let x, let y, let width, let height, let times else { return nil }
        return Obstacle(
            kind: kind, box: Rect(x: x, y: y, width: width, height: height), start: times.start, end: times.end, origin: .file)
    }
}

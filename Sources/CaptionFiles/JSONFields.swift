import Captions
import Foundation
import UnicodeText

/// Where a JSON value sits in a caption file: a field path such as `segments[3].end` and, for
/// JSON Lines, the line of the item.
package struct JSONLocation: Sendable {
    package var line: Int?
    package var path: String

    /// The same place as a caption's `SourceLocation`.
    var source: SourceLocation { SourceLocation(line: line, field: path.isEmpty ? nil : path) }

    /// The top-level value of a JSON file.
    package static let root = JSONLocation(line: nil, path: "")

    /// The top-level value on line `line` of a JSON Lines file.
    static func line(_ line: Int) -> JSONLocation { JSONLocation(line: line, path: "") }

    /// The field `key` of the object here.
    package func field(_ key: String) -> JSONLocation {
        JSONLocation(line: line, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The element `index` of the array here.
    package func element(_ index: Int) -> JSONLocation { JSONLocation(line: line, path: "\(path)[\(index)]") }
}

extension ProblemList {
    /// `FILE: path: message`, or `FILE:LINE: path: message` for JSON Lines.
    package mutating func add(at location: JSONLocation, _ message: String) {
        let located = location.path.isEmpty ? message : "\(location.path): \(message)"
        if let line = location.line {
            add(line: line, located)
        } else {
            problems.append(
                CaptionProblem(file: file, field: location.path.isEmpty ? nil : location.path, message: message))
        }
    }
}

/// A decoded JSON object whose fields are read with their types checked: a missing (when
/// required) or mistyped field adds a problem at its location and reads as nil.
package struct JSONObject {
    package let fields: [String: Any]
    package let location: JSONLocation

    /// The object `fields` at `location`.
    init(fields: [String: Any], location: JSONLocation) {
        self.fields = fields
        self.location = location
    }

    /// `value` as an object at `location`, or nil after adding "expected an object".
    package init?(_ value: Any, at location: JSONLocation, problems: inout ProblemList) {
        guard let fields = value as? [String: Any] else {
            problems.add(at: location, "expected an object")
            return nil
        }
        self.fields = fields
        self.location = location
    }

    /// Whether `key` holds a value other than null.
    package func has(_ key: String) -> Bool { !(fields[key] is NSNull) && fields[key] != nil }

    /// The string at `key`.
    package func string(_ key: String, required: Bool = false, problems: inout ProblemList) -> String? {
        guard let value = present(key, required: required, problems: &problems) else { return nil }
        guard let text = value as? String else {
            problems.add(at: location.field(key), "expected a string")
            return nil
        }
        return text
    }

    /// The BCP-47 language tag at `key` (`language`): a string that is not one is a problem
    /// (`FILE: segments[2].language: ...`), since the tag names fonts and output files.
    func language(_ key: String = "language", problems: inout ProblemList) -> String? {
        guard let text = string(key, problems: &problems) else { return nil }
        guard BCP47.isWellFormed(text) else {
            problems.add(at: location.field(key), "\"\(text)\" is not a BCP-47 language tag (e.g. en, ja, zh-TW)")
            return nil
        }
        return text
    }

    /// The number at `key`; `expecting` names what it measures in the problem line.
    package func number(
        _ key: String, expecting: String = "a number of seconds", required: Bool = false, problems: inout ProblemList
    ) -> Double? {
        guard let value = present(key, required: required, problems: &problems) else { return nil }
        guard let number = value as? NSNumber, !number.isJSONBoolean else {
            problems.add(at: location.field(key), "expected \(expecting)")
            return nil
        }
        return number.doubleValue
    }

    /// The `true` or `false` at `key`.
    func bool(_ key: String, required: Bool = false, problems: inout ProblemList) -> Bool? {
        guard let value = present(key, required: required, problems: &problems) else { return nil }
        guard let number = value as? NSNumber, number.isJSONBoolean else {
            problems.add(at: location.field(key), "expected true or false")
            return nil
        }
        return number.boolValue
    }

    /// The required `start` and `end` seconds, checked with `timeProblem`.
    package func times(problems: inout ProblemList) -> (start: Double, end: Double)? {
        guard let start = number("start", required: true, problems: &problems),
            let end = number("end", required: true, problems: &problems)
        else { return nil }
        if let problem = timeProblem(start: start, end: end) {
            // The problem is the start's when the start itself is bad, else the end's.
            problems.add(at: location.field(!start.isFinite || start < 0 ? "start" : "end"), problem)
            return nil
        }
        return (start, end)
    }

    /// `transform` of each object in the array at `key`, in order (nil when the key is absent,
    /// or holds no array: a problem); an element that is not an object adds a problem instead.
    package func objects<T>(
        _ key: String, problems: inout ProblemList, _ transform: (JSONObject, inout ProblemList) -> T?
    ) -> [T]? {
        guard let value = present(key, required: false, problems: &problems) else { return nil }
        guard let list = value as? [Any] else {
            problems.add(at: location.field(key), "expected an array")
            return nil
        }
        return JSONObject.objects(in: list, at: location.field(key), problems: &problems, transform)
    }

    /// `transform` of each object of `list`, which sits at `location`, in order; an element that
    /// is not an object adds a problem instead.
    package static func objects<T>(
        in list: [Any], at location: JSONLocation, problems: inout ProblemList,
        _ transform: (JSONObject, inout ProblemList) -> T?
    ) -> [T] {
        var results: [T] = []
        for (index, element) in list.enumerated() {
            guard let object = JSONObject(element, at: location.element(index), problems: &problems),
                let result = transform(object, &problems)
            else { continue }
            results.append(result)
        }
        return results
    }

    private func present(_ key: String, required: Bool, problems: inout ProblemList) -> Any? {
        guard has(key), let value = fields[key] else {
            if required { problems.add(at: location.field(key), "missing") }
            return nil
        }
        return value
    }
}

/// Decoding whole JSON caption files.
package enum JSONDocument {
    /// The one JSON value `data` holds, or an error `FILE: not valid JSON (...)`.
    package static func parse(_ data: Data, file: String) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw CaptionError([CaptionProblem(file: file, message: "not valid JSON (\(failure(error, data: data)))")])
        }
    }

    /// Reads a segment-list file (native or Whisper JSON): the top-level `language`, as
    /// `language` reads it from the top object, and `segment` of each element of `segments`; throws with every problem.
    static func readSegments(
        _ root: Any, file: String,
        language: (JSONObject, inout ProblemList) -> String? = { top, problems in top.language(problems: &problems) },
        segment: (JSONObject, inout ProblemList) -> Segment?
    ) throws -> Transcript {
        guard let object = root as? [String: Any] else {
            throw CaptionError([CaptionProblem(file: file, message: "expected a JSON object at the top level")])
        }
        guard let list = object["segments"] as? [Any] else {
            throw CaptionError([CaptionProblem(file: file, field: "segments", message: "missing array")])
        }
        var problems = ProblemList(file: file)
        let top = JSONObject(fields: object, location: .root)
        let code = language(top, &problems)
        let segments = JSONObject.objects(in: list, at: .root.field("segments"), problems: &problems, segment)
        try problems.check()
        return Transcript(segments: segments, language: code)
    }

    /// JSONSerialization's message, with the line of the failure when it gives an offset.
    static func failure(_ error: Error, data: Data) -> String {
        let info = (error as NSError).userInfo
        if let index = info["NSJSONSerializationErrorIndex"] as? Int {
            let line = data.prefix(index).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            return "syntax error near line \(line)"
        }
        return (info[NSDebugDescriptionErrorKey] as? String) ?? "syntax error"
    }
}

extension NSNumber {
    /// Whether JSONSerialization decoded this from `true` or `false` rather than a number.
    public var isJSONBoolean: Bool { type(of: self) == type(of: NSNumber(value: true)) }
}

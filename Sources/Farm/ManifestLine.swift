import CaptionFiles
import Captions
import Commands
import Foundation
import Pipeline
import Settings

/// One JSON object of a batch manifest, read field by field: each reader refuses a field of
/// the wrong type with a `ManifestError` naming it. Paths are relative to the manifest's folder.
struct ManifestLine {
    let fields: [String: Any]
    let folder: URL

    init(_ line: Data, folder: URL) throws {
        guard let fields = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw ManifestError("not a JSON object")
        }
        self.fields = fields
        self.folder = folder
    }

    /// Whether the line has field `key`.
    func has(_ key: String) -> Bool { fields[key] != nil }

    /// A non-empty string, as a path in the manifest's folder unless absolute; nil when absent
    /// and not `required`.
    func path(_ key: String, required: Bool = false) throws -> String? {
        guard let value = fields[key] else {
            if required { throw ManifestError("\(key): missing") }
            return nil
        }
        guard let text = value as? String, !text.isEmpty else { throw ManifestError("\(key): expected a path") }
        return text.hasPrefix("/") ? text : folder.appendingPathComponent(text).path
    }

    func string(_ key: String) throws -> String? {
        guard let value = fields[key] else { return nil }
        guard let text = value as? String else { throw ManifestError("\(key): expected a string") }
        return text
    }

    /// `true` or `false`; `value` when absent.
    func flag(_ key: String, default value: Bool) throws -> Bool {
        guard let field = fields[key] else { return value }
        guard let number = field as? NSNumber, number.isJSONBoolean else { throw ManifestError("\(key): expected true or false") }
        return number.boolValue
    }

    /// A whole number in `range` (not a boolean); nil when absent.
    func whole(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = fields[key] else { return nil }
        guard let number = value as? NSNumber, !number.isJSONBoolean, let count = Int(exactly: number.doubleValue),
            range.contains(count)
        else { throw ManifestError("\(key): expected a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return count
    }

    /// A number in `range`; nil when absent.
    func decimal(_ key: String, in range: ClosedRange<Double>, expecting: String) throws -> Double? {
        guard let value = fields[key] else { return nil }
        guard let number = value as? NSNumber, range.contains(number.doubleValue) else {
            throw ManifestError("\(key): expected \(expecting)")
        }
        return number.doubleValue
    }

    /// A string, or a non-empty list of strings; nil when absent.
    func strings(_ key: String) throws -> [String]? {
        guard let value = fields[key] else { return nil }
        if let text = value as? String { return [text] }
        guard let list = value as? [Any], !list.isEmpty else { throw ManifestError("\(key): expected a string or a list of them") }
        return try list.enumerated().map { index, item in
            guard let text = item as? String else { throw ManifestError("\(key)[\(index)]: expected a string") }
            return text
        }
    }

    /// A preset or look: a name, or a `.json` file relative to the manifest's folder.
    func resource(_ name: String) -> String {
        name.hasSuffix(".json") && !name.hasPrefix("/") ? folder.appendingPathComponent(name).path : name
    }

    /// `captions` (or `secondCaptions`, `field`): a path, or a non-empty list of paths and
    /// `{"path", "language"?}` objects.
    func captionSources(_ field: String) throws -> [CaptionSource] {
        // `auto` is the input's speech, not a file beside the manifest.
        func path(_ text: String) -> String {
            text == CaptionOrigin.auto || text.hasPrefix("/") ? text : folder.appendingPathComponent(text).path
        }
        guard let value = fields[field] else { throw ManifestError("\(field): missing") }
        if let text = value as? String, !text.isEmpty { return [CaptionSource(path: path(text))] }
        guard let list = value as? [Any], !list.isEmpty else {
            throw ManifestError("\(field): expected a path or a list of them")
        }
        return try list.enumerated().map { index, item in
            if let text = item as? String, !text.isEmpty { return CaptionSource(path: path(text)) }
            guard let object = item as? [String: Any], let text = object["path"] as? String, !text.isEmpty else {
                throw ManifestError("\(field)[\(index)]: expected a path or {\"path\", \"language\"}")
            }
            if let unknown = FieldNames.unknown(object.keys, known: ["path", "language"], path: "\(field)[\(index)]").first {
                throw ManifestError(unknown)
            }
            let language = object["language"]
            guard language == nil || language is String else { throw ManifestError("\(field)[\(index)].language: expected a string") }
            if let tag = language as? String { _ = try OptionCheck.languageTag(tag, .manifest("\(field)[\(index)].language")) }
            return CaptionSource(path: path(text), language: language as? String)
        }
    }
}

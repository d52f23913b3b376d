import Files
import Foundation

/// A JSON settings file (a preset, a look): every unknown field reported at once with the
/// name it most likely misspells, then decoded, with errors that name the file and the field.
enum SettingsFile {
    /// The value in `url`; `fields` lists the fields of the top level (`""`) and of each
    /// nested object by its dotted path (`"active.box"`).
    static func load<Value: Decodable>(_ url: URL, fields: [String: [String]], kind: String) throws -> Value {
        let data: Data
        do {
            data = try Data(contentsOf: url)
            FileReads.add()
        } catch {
            throw SettingsError.input("\(url.path): cannot read \(kind)")
        }
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            let unknown = unknownFields(object, path: "", fields: fields)
            if !unknown.isEmpty {
                throw SettingsError.several(unknown.map { "\(url.path): \($0)" })
            }
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw SettingsError.input("\(url.path): \(DecodingProblem(error))")
        } catch {
            throw SettingsError.input("\(url.path): not valid JSON")
        }
    }

    /// The unknown fields of `object` at `path` and of the objects nested in it (each object of
    /// a list, such as a look's `shadows`, at the list's path).
    private static func unknownFields(_ object: [String: Any], path: String, fields: [String: [String]]) -> [String] {
        guard let known = fields[path] else { return [] }
        var unknown = FieldNames.unknown(object.keys, known: known, path: path)
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            let nestedPath = path.isEmpty ? key : "\(path).\(key)"
            if let nested = value as? [String: Any], fields[nestedPath] != nil {
                unknown += unknownFields(nested, path: nestedPath, fields: fields)
            } else if let list = value as? [[String: Any]], fields[nestedPath] != nil {
                for item in list { unknown += unknownFields(item, path: nestedPath, fields: fields) }
            }
        }
        return unknown
    }
}

import Foundation

/// The shipped rules written as JSON (`Presets/rules/…`): a file decoded into its type, a
/// problem naming the file and the field (`groups[2].words`) where the JSON breaks.
enum RulesFile {
    /// The file at `path` decoded as `T`; `what` names it when it cannot be read.
    static func decode<T: Decodable>(_ type: T.Type, at path: String, what: String) throws -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CaptionError([CaptionProblem(file: path, message: "cannot read the \(what)")])
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.dataCorrupted(context), let DecodingError.keyNotFound(_, context),
            let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context)
        {
            throw CaptionError([CaptionProblem(file: path, field: field(context.codingPath), message: context.debugDescription)])
        } catch {
            throw CaptionError([CaptionProblem(file: path, message: error.localizedDescription)])
        }
    }

    /// A coding path as a field (`groups[2].words`), nil for the top of the file.
    static func field(_ path: [CodingKey]) -> String? {
        let field = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return field.isEmpty ? nil : String(field.drop { $0 == "." })
    }
}

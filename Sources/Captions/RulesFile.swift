import Files
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
        } catch let error as DecodingError {
            let problem = DecodingProblem(error)
            throw CaptionError([CaptionProblem(file: path, field: problem.field, message: problem.message)])
        } catch {
            throw CaptionError([CaptionProblem(file: path, message: error.localizedDescription)])
        }
    }
}

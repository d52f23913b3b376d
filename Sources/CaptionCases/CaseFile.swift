import Files
import Foundation

/// The JSON files of test cases, `Tests/Cases/NAME` in the checkout: one reader for the test
/// suites, LayoutBench and the fuzz seeds, whose errors name the file and the place in it.
public enum CaseFile {
    /// Where the files are, from the checkout's root.
    public static let folder = "Tests/Cases"

    /// A missing or malformed case file, or a case its reader cannot use.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    /// `Tests/Cases/NAME` of `checkout`.
    public static func url(_ name: String, in checkout: URL) -> URL {
        checkout.appendingPathComponent(folder).appendingPathComponent(name)
    }

    /// The file `name` of `checkout`'s case folder read as `type`.
    public static func load<T: Decodable>(_ type: T.Type, _ name: String, in checkout: URL) throws -> T {
        let url = url(name, in: checkout)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Problem(description: "\(url.path): cannot read the cases")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw Problem(description: "\(url.path): \(DecodingProblem(error))")
        }
    }
}

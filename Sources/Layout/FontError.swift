import CFreeType
import CHarfBuzz

/// Why a font could not be found, loaded or used.
public enum FontError: Error, Sendable, CustomStringConvertible {
    case configuration(file: String, message: String)
    case noMatch(String)
    case freeType(code: Int32, operation: String, file: String)
    case harfBuzz(String)

    public var description: String {
        switch self {
        case .configuration(let file, let message): return "\(file): \(message)"
        case .noMatch(let what): return "no installed font matches \(what) (run scripts/setup.sh)"
        case .freeType(let code, let operation, let file):
            return "\(file): FreeType \(operation) failed: \(FontError.freeTypeMessage(code))"
        case .harfBuzz(let message): return "HarfBuzz: \(message)"
        }
    }

    /// FreeType's name for an error code, when it was built with error strings.
    static func freeTypeMessage(_ code: Int32) -> String {
        if let text = FT_Error_String(code) { return String(cString: text) }
        return "error 0x\(String(code, radix: 16))"
    }

    /// The funnel every FreeType call goes through.
    package static func check(_ code: FT_Error, _ operation: String, file: String) throws {
        if code != 0 { throw FontError.freeType(code: code, operation: operation, file: file) }
    }
}

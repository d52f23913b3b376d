import Foundation

/// The file names of a contact sheet's pages from `-o`: a name with one `%d` (`%03d`: padded)
/// numbers every page from 1; a plain name is the file of a one-page sheet, and
/// `NAME-001.png`, `NAME-002.png` ... of a longer one.
public struct SheetPageNames: Sendable {
    private let prefix: String
    private let suffix: String
    private let width: Int?  // digits of the page number; nil: no pattern given
    /// The name given (`-o`).
    public let output: String
    /// Whether the name holds a number pattern (`%d`, `%03d`).
    public var isPattern: Bool { width != nil }

    /// Reads `output`; a `%` that is not one `%d`, `%0Nd` or `%%` in the file name is a usage error.
    public init(_ output: String) throws {
        self.output = output
        let name = URL(fileURLWithPath: output).lastPathComponent
        let folder = String(output.dropLast(name.count))
        guard !folder.contains("%") else {
            throw BurnError.usage("\(output): a page pattern (%d, %03d) belongs in the file name, not the folder")
        }
        var before = ""
        var after = ""
        var width: Int?
        var characters = name[...]
        while let c = characters.popFirst() {
            guard c == "%" else {
                if width == nil { before.append(c) } else { after.append(c) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if width == nil { before.append("%") } else { after.append("%") }
                continue
            }
            let digits = characters.prefix(while: \.isNumber)
            characters = characters.dropFirst(digits.count)
            guard width == nil, characters.popFirst() == "d", digits.count <= 2 else {
                throw BurnError.usage("\(output): a page pattern takes one %d or %03d (and %% for a percent sign)")
            }
            width = Int(digits) ?? 1
        }
        if width == nil {
            let stem = (name as NSString).deletingPathExtension
            let ext = (name as NSString).pathExtension
            prefix = folder + stem
            suffix = ext.isEmpty ? "" : "." + ext
        } else {
            prefix = folder + before
            suffix = after
        }
        self.width = width
    }

    /// The file of page `page` (0-based) of `pageCount`.
    public func name(page: Int, of pageCount: Int) -> String {
        if width == nil && pageCount == 1 { return output }
        let number = String(page + 1)
        let digits = width ?? 3
        return prefix + (width == nil ? "-" : "") + String(repeating: "0", count: max(0, digits - number.count)) + number
            + suffix
    }
}

/// A face inside a font file: Noto CJK keeps several in one .ttc.
public struct FontFile: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var index: Int  // face index in a collection
    public var family: String

    public init(path: String, index: Int, family: String) {
        self.path = path
        self.index = index
        self.family = family
    }

    public var description: String { index == 0 ? "\(family) (\(path))" : "\(family) (\(path)#\(index))" }
}

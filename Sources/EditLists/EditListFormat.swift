/// The edit list formats, by file name extension: OpenTimelineIO (`.otio`), Final Cut Pro X /
/// DaVinci Resolve (`.fcpxml`, FCPXML 1.10), Final Cut Pro 7 / Premiere (`.xml`, xmeml 5) and
/// CMX 3600 (`.edl`).
public enum EditListFormat: String, Sendable, CaseIterable {
    case otio
    case fcpxml
    case fcp7
    case edl

    /// The format of a path's extension (`.otio`, `.fcpxml`, `.xml`, `.edl`, any case); nil
    /// for any other (the caller's message: edit lists are .otio, .fcpxml, .xml or .edl).
    public init?(path: String) {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "otio": self = .otio
        case "fcpxml": self = .fcpxml
        case "xml": self = .fcp7
        case "edl": self = .edl
        default: return nil
        }
    }

    /// The extension a file of this format takes, without the dot.
    public var fileExtension: String {
        switch self {
        case .otio: return "otio"
        case .fcpxml: return "fcpxml"
        case .fcp7: return "xml"
        case .edl: return "edl"
        }
    }
}

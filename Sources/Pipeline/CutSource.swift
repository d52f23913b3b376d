import Cuts

/// Whether a burn cuts its input, and by what plan: none (the default), one made from the
/// words and the audio (`--cuts pauses,fillers,retakes`), or one read from a cut file a
/// person may have edited (`--cuts-file`).
public enum CutSource: Sendable, Equatable {
    case off
    case planned(CutSettings)
    case file(String)

    /// The cut file's path, when the plan is read from one.
    public var file: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}

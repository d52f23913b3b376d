import Layout
import Media

/// Version of burn-captions and the C libraries it was linked with.
public enum Versions {
    public static let burnCaptions = "0.1.0"

    public static var text: String {
        "burn-captions \(burnCaptions)\n" + (MediaLibraries.versions + TextLibraries.versions)
            .map { "  \($0.name) \($0.version)" }.joined(separator: "\n")
    }
}

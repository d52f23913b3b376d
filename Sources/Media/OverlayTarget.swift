/// Where an overlay-only output goes.
public enum OverlayTarget: Sendable {
    /// ProRes 4444 (`.mov`) or VP9 with alpha (`.webm`), into `path` (a temporary file) in
    /// the container `finalPath`'s extension names.
    case video(path: String, finalPath: String, format: OverlayFormat, settings: EncoderSettings)
    /// One PNG per frame in `folder` (a temporary folder), named by `names` (0-based frame
    /// number to file name).
    case pictures(folder: String, names: @Sendable (Int) -> String)
}

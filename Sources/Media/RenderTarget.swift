/// Where a burned render's frames go (`Transcoder`).
public enum RenderTarget: Sendable {
    /// Encoded as H.264 into `path` (a temporary file), in the container `finalPath`'s extension names.
    case file(path: String, finalPath: String, settings: EncoderSettings)
    /// Composited like a real render, then dropped: no encoder, no file (`--null`).
    case discard
}

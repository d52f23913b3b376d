/// Where a burned render's frames go (`Transcoder`).
public enum RenderTarget: Sendable {
    /// Encoded as H.264 into `path` (a temporary file), in the container `finalPath`'s extension names.
    case file(path: String, finalPath: String, settings: EncoderSettings)
    /// Encoded into a live stream at `address` (RTMP, SRT, UDP, HLS); `watch` ends a
    /// connection or write that hangs (`burn-captions live`).
    case stream(address: StreamAddress, settings: EncoderSettings, watch: InterruptWatch)
    /// Composited like a real render, then dropped: no encoder, no file (`--null`).
    case discard
}

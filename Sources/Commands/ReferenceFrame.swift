import Media
import Pipeline
import Settings

/// The frame a job without a video is planned on: the preset's reference frame (its size),
/// standing for a video (`VideoInput.referenceFrame`) in `lint` and the sheet of looks.
enum ReferenceFrame {
    /// The reference frame of `request`'s preset at `frameRate` frames a second, named after
    /// the request's captions.
    static func input(_ request: BurnRequest, frameRate: Double) throws -> MediaInput {
        let preset = try Preset.load(try Resources.preset(request.preset))
        return MediaInput(
            frame: InputInfo(
                frameOf: Int(preset.frame.width), height: Int(preset.frame.height), frameRate: frameRate,
                path: request.captions.file))
    }
}

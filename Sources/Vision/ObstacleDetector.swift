import CVision
import Foundation
import Imaging
import Media

/// Finds the obstacles of one video: each grey sample of the analysis pass goes through the
/// detectors `search` asks for, and the boxes of all samples become obstacles
/// (`ObstacleTracks`). Built before the pass, so a missing model fails before any decoding.
public final class ObstacleDetector {
    /// How often the pass samples a frame: once a second keeps the pass within a tenth of a
    /// render's CPU (docs/PERFORMANCE.md); an obstacle's times are then known to a second. // seconds
    public static let interval = 1.0
    /// The width of the grey copies the detectors see. // pixels
    public static let width = 640
    /// The pass's sampling.
    public static let sampling = PictureScan.Sampling(interval: interval, width: width)

    private let faces: FaceFinder?
    private let text: TextLineFinder?
    private var samples: [ObstacleSample] = []

    /// Detectors for what `search` asks (none for `.off`): the face model looked for under
    /// `roots` (`FaceFinder.modelPaths`), the text model where Debian puts it.
    public convenience init(_ search: ObstacleSearch, roots: [URL]) throws(VisionError) {
        try self.init(search, faceModels: FaceFinder.modelPaths(roots: roots), textFolders: TextLineFinder.modelFolders())
    }

    /// Detectors for what `search` asks, the face model the first of `faceModels` that exists,
    /// the English text model the first in `textFolders`.
    init(_ search: ObstacleSearch, faceModels: [String], textFolders: [String]) throws(VisionError) {
        faces = search.kinds.contains(.face) ? try FaceFinder(paths: faceModels) : nil
        text = search.kinds.contains(.text) ? try TextLineFinder(folders: textFolders) : nil
    }

    /// Searches one sample, keeping its boxes in the upright frame's pixels.
    public func add(_ picture: GreyPicture) throws(VisionError) {
        let scaleX = Double(picture.frameWidth) / Double(max(1, picture.width))
        let scaleY = Double(picture.frameHeight) / Double(max(1, picture.height))
        func frame(_ box: burn_vision_box) -> Rect {
            Rect(x: Double(box.x) * scaleX, y: Double(box.y) * scaleY, width: Double(box.width) * scaleX, height: Double(box.height) * scaleY)
        }
        var boxes: [(kind: Obstacle.Kind, box: Rect)] = []
        if let faces { boxes += try faces.faces(in: picture).map { (.face, frame($0)) } }
        if let text { boxes += try text.lines(in: picture).map { (.text, frame($0)) } }
        samples.append(ObstacleSample(time: picture.time, boxes: boxes))
    }

    /// The samples searched so far, in time order.
    public var searched: [ObstacleSample] { samples }

    /// The obstacles of the samples added, with the shots starting at `cuts` (seconds) and the
    /// video ending at `end` (seconds, nil: unknown).
    public func obstacles(cuts: [Double], end: Double?) -> [Obstacle] {
        ObstacleTracks.obstacles(from: samples, interval: Self.interval, cuts: cuts, end: end)
    }
}

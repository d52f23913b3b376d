import CVision
import Foundation
import Media

/// Faces in a grey picture: the YuNet detector (its 2023 ONNX model, MIT licence) run by
/// OpenCV's dnn module, which finds frontal, turned, tilted and partly covered faces. The
/// model file is checked by SHA-256 when the finder opens. One per thread.
final class FaceFinder {
    /// The model's file name.
    static let modelName = "face_detection_yunet_2023mar.onnx"
    /// The model's SHA-256 (the file PyPI's gramps-webapi 3.24.0 ships; scripts/setup.sh).
    static let modelSHA256 = "8f2383e4dd3cfbb4553ea8718107fc0423210dc964f9f4280604804ed2552fa4"
    /// The variable that names the model file instead of the folders searched.
    static let variable = "BURN_CAPTIONS_FACE_MODEL"
    /// The smallest face looked for. // fraction of the picture's smaller side
    static let smallestFace = 0.06
    /// The least score a face is reported with (YuNet's score: the geometric mean of its
    /// class and objectness outputs). // 0...1
    static let leastScore: Float = 0.6
    /// The most faces one picture reports.
    static let capacity = 32

    private let handle: OpaquePointer

    /// Where the model is looked for, in order: the file `BURN_CAPTIONS_FACE_MODEL` names when
    /// set (and only there), else `models/` and `.models/` under each of `roots` (an install's
    /// PREFIX/share/burn-captions, the source tree scripts/setup.sh fills).
    static func modelPaths(roots: [URL], environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let path = environment[variable], !path.isEmpty { return [path] }
        return roots.flatMap { root in
            ["models", ".models"].map { root.appendingPathComponent($0).appendingPathComponent(modelName).path }
        }
    }

    /// The finder with the first model of `paths` that exists, which must be the one whose
    /// sum is `modelSHA256`.
    init(paths: [String]) throws(VisionError) {
        guard let path = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw .modelMissing(
                detector: "face", searched: paths,
                remedy: "run scripts/setup.sh, or set \(Self.variable) to \(Self.modelName) (SHA-256 \(Self.modelSHA256))")
        }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw .modelDamaged(detector: "face", path: path, problem: "it cannot be read")
        }
        let sum = ContentHash.sha256(bytes)
        guard sum == Self.modelSHA256 else {
            throw .modelDamaged(
                detector: "face", path: path,
                problem: "its SHA-256 is \(sum), not \(Self.modelSHA256) (\(Self.modelName)); run scripts/setup.sh")
        }
        let handle = try VisionError.check("face") { burn_face_finder_open(path, $0, $1) }
        self.handle = handle
    }

    deinit { burn_face_finder_close(handle) }

    /// The faces of `picture` as the model reports them (brow to chin), in its pixels.
    func detections(in picture: GreyPicture) throws(VisionError) -> [burn_vision_box] {
        let smallest = Int32(max(24, Double(min(picture.width, picture.height)) * Self.smallestFace))
        return try VisionError.boxes("face", in: picture, capacity: Self.capacity) {
            burn_face_finder_find(handle, $0, $1, $2, $3, smallest, Self.leastScore, $4, $5, $6, $7)
        }
    }

    /// The faces of `picture` with the room a caption keeps from them, in its pixels.
    func faces(in picture: GreyPicture) throws(VisionError) -> [burn_vision_box] {
        try detections(in: picture).map(Self.padded)
    }

    /// The model's box runs from the brows to the chin; a caption must also keep off the hair
    /// and the ears: 10 % of its width is added on each side, 20 % of its height above and 5 % below.
    static func padded(_ box: burn_vision_box) -> burn_vision_box {
        let side = Int32((Double(box.width) * 0.1).rounded())
        let above = Int32((Double(box.height) * 0.2).rounded())
        let below = Int32((Double(box.height) * 0.05).rounded())
        return burn_vision_box(x: box.x - side, y: box.y - above, width: box.width + 2 * side, height: box.height + above + below)
    }
}

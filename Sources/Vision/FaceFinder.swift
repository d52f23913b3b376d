import CVision
import Foundation
import Media

/// Frontal faces in a grey picture: OpenCV's Haar cascade classifier with the frontal-face
/// model Debian's `opencv-data` ships. One per thread (the classifier is not shared).
final class FaceFinder {
    /// Where the model is looked for, in order.
    static let modelPaths = [
        "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml",
        "/usr/share/opencv/haarcascades/haarcascade_frontalface_default.xml",
    ]
    /// The smallest face looked for. // fraction of the picture's smaller side
    static let smallestFace = 0.06
    /// The most faces one picture reports.
    static let capacity = 32

    private let handle: OpaquePointer

    /// The finder with the first model of `paths` that exists.
    init(paths: [String] = FaceFinder.modelPaths) throws(VisionError) {
        guard let path = paths.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw .modelMissing(detector: "face", searched: paths, package: "opencv-data")
        }
        let handle = try VisionError.check("face") { burn_face_finder_open(path, $0, $1) }
        self.handle = handle
    }

    deinit { burn_face_finder_close(handle) }

    /// The faces of `picture`, in its pixels.
    func faces(in picture: GreyPicture) throws(VisionError) -> [burn_vision_box] {
        let smallest = Int32(max(24, Double(min(picture.width, picture.height)) * Self.smallestFace))
        return try VisionError.boxes("face", in: picture, capacity: Self.capacity) {
            burn_face_finder_find(handle, $0, $1, $2, $3, smallest, $4, $5, $6, $7)
        }.map(Self.padded)
    }

    /// A cascade's box runs from the brows to the mouth; a caption must also keep off the hair
    /// and the chin: 10 % of its width is added on each side, 20 % of its height above and 15 % below.
    static func padded(_ box: burn_vision_box) -> burn_vision_box {
        let side = Int32((Double(box.width) * 0.1).rounded())
        let above = Int32((Double(box.height) * 0.2).rounded())
        let below = Int32((Double(box.height) * 0.15).rounded())
        return burn_vision_box(x: box.x - side, y: box.y - above, width: box.width + 2 * side, height: box.height + above + below)
    }
}

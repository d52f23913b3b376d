import CVision
import Media

/// Why the picture could not be searched for obstacles.
public enum VisionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A detector's model file is missing: where it was looked for and how to install it.
    case modelMissing(detector: String, searched: [String], remedy: String)
    /// A detector's model file is there but not the one it needs (damaged, or another release).
    case modelDamaged(detector: String, path: String, problem: String)
    /// A detector failed on a picture or would not start, with the library's message.
    case detector(String, message: String)

    public var description: String {
        switch self {
        case .modelMissing(let detector, let searched, let remedy):
            "the \(detector) detector's model is not installed (looked for \(searched.joined(separator: ", "))): \(remedy)"
        case .modelDamaged(let detector, let path, let problem):
            "\(path): the \(detector) detector's model is damaged: \(problem)"
        case .detector(let detector, let message):
            "the \(detector) detector failed: \(message)"
        }
    }

    /// Calls `body` with a buffer for a C error message and turns its failure into `.detector`.
    static func check<T>(_ detector: String, _ body: (UnsafeMutablePointer<CChar>, Int) -> T?) throws(VisionError) -> T {
        var buffer = [CChar](repeating: 0, count: 512)
        let result = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        guard let result else {
            throw .detector(detector, message: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return result
    }

    /// The boxes a C finder (`burn_face_finder_find`, `burn_text_finder_find`) reports for
    /// `picture`, with room for `capacity`: `find` gets the picture's pixels, width, height and
    /// row length, the boxes' buffer and its size, and the error buffer; a negative count is `.detector`.
    static func boxes(
        _ detector: String, in picture: GreyPicture, capacity: Int,
        _ find: (UnsafePointer<UInt8>?, Int32, Int32, Int32, UnsafeMutablePointer<burn_vision_box>?, Int32, UnsafeMutablePointer<CChar>, Int)
            -> Int32
    ) throws(VisionError) -> [burn_vision_box] {
        var boxes = [burn_vision_box](repeating: burn_vision_box(), count: capacity)
        let count = try check(detector) { error, size -> Int32? in
            let found = picture.pixels.withUnsafeBufferPointer { pixels in
                boxes.withUnsafeMutableBufferPointer { out in
                    find(
                        pixels.baseAddress, Int32(picture.width), Int32(picture.height), Int32(picture.width), out.baseAddress,
                        Int32(out.count), error, size)
                }
            }
            return found >= 0 ? found : nil
        }
        return Array(boxes.prefix(Int(count)))
    }
}

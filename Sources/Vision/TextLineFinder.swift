import CVision
import Foundation
import Media

/// Lines of text in a grey picture (lower thirds, signs, slides, burned-in subtitles):
/// Tesseract's page layout analysis with its English model (Debian's `tesseract-ocr-eng`;
/// nothing is recognized), keeping the lines of its text blocks that are shaped like text:
/// wider than high and of a size a reader can read on a screen.
final class TextLineFinder {
    /// The folders (tessdata) the English model is looked for in, in order: `TESSDATA_PREFIX`
    /// first when set, then Debian's for Tesseract 5 and 4.
    static func modelFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        (environment["TESSDATA_PREFIX"].map { [$0] } ?? [])
            + ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"]
    }
    /// The most lines one picture reports.
    static let capacity = 64
    /// A line's height, as a share of the picture's height. // fraction
    static let lineHeights = 0.012...0.2
    /// The least width over height of a line (two or three letters at least).
    static let narrowestLine = 1.8

    private let handle: OpaquePointer

    /// The finder with the English model of the first of `folders` that has it.
    init(folders: [String] = TextLineFinder.modelFolders()) throws(VisionError) {
        let models = folders.map { URL(fileURLWithPath: $0).appendingPathComponent("eng.traineddata").path }
        guard let model = models.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw .modelMissing(
                detector: "text", searched: models, remedy: "install the Debian package tesseract-ocr-eng (scripts/setup.sh does)")
        }
        let folder = URL(fileURLWithPath: model).deletingLastPathComponent().path
        let handle = try VisionError.check("text") { burn_text_finder_open(folder, $0, $1) }
        self.handle = handle
    }

    deinit { burn_text_finder_close(handle) }

    /// The text lines of `picture`, in its pixels.
    func lines(in picture: GreyPicture) throws(VisionError) -> [burn_vision_box] {
        let height = Double(picture.height)
        return try VisionError.boxes("text", in: picture, capacity: Self.capacity) {
            burn_text_finder_find(handle, $0, $1, $2, $3, $4, $5, $6, $7)
        }.filter { box in
            Self.lineHeights.contains(Double(box.height) / height) && Double(box.width) >= Self.narrowestLine * Double(box.height)
        }.map(Self.padded)
    }

    /// Tesseract's line box is tight around the letters it joined; an outline, a shadow and
    /// the accents it left out reach about a fifth of the line's height beyond it.
    static func padded(_ box: burn_vision_box) -> burn_vision_box {
        let pad = Int32((Double(box.height) * 0.2).rounded())
        return burn_vision_box(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad)
    }
}

import Commands
import Foundation
import Pipeline
import TestSupport
import XCTest

/// Captions moved off obstacles, held to reviewed pictures: for each of `goldens` in
/// `Tests/Cases/obstacles.json` (tiktok, youtube), the still of a grey clip of its size at its
/// instant, with the obstacles given as an `--obstacles` file, the safe area and the
/// obstacles outlined (`still --show-safe-area --show-obstacles`). One picture per case in
/// `Obstacles/`, compared and recorded as the other golden images (`RECORD_GOLDENS=1`).
final class ObstacleGoldenTests: XCTestCase {
    static let folder = Repository.root.appendingPathComponent("Tests/Golden/Obstacles")

    private struct Cases: Decodable {
        struct Golden: Decodable {
            struct Cue: Decodable {
                var start: Double
                var end: Double
                var text: String
            }
            struct Box: Encodable, Decodable {
                var x: Double
                var y: Double
                var width: Double
                var height: Double
                var start: Double
                var end: Double
                var kind: String?
            }
            var name: String
            var preset: String
            var size: [Int]
            var at: Double
            var captions: [Cue]
            var obstacles: [Box]
        }
        var goldens: [Golden]
    }

    private static func goldens() throws -> [Cases.Golden] { try Repository.cases(Cases.self, "obstacles.json").goldens }

    func testEveryMovedCaptionMatchesItsGolden() throws {
        let folder = try temporaryFolder()
        let pictures = try Self.goldens().map { golden in
            let clip = folder.appendingPathComponent("\(golden.name).mp4").path
            try ProcessRunner.ffmpeg([
                "-f", "lavfi", "-i", "color=c=0x6E6E6E:s=\(golden.size[0])x\(golden.size[1]):r=30:d=3", "-c:v", "libx264",
                "-qp", "0", "-pix_fmt", "yuv420p", clip,
            ])
            let srt = try SubRipFile.write(golden.captions.map { ($0.start, $0.end, $0.text) }, named: golden.name, in: folder)
            let boxes = folder.appendingPathComponent("\(golden.name)-obstacles.json")
            try JSONEncoder().encode(["obstacles": golden.obstacles]).write(to: boxes)
            var request = BurnRequest(
                input: .file(clip), captions: CaptionInput(file: srt), preset: golden.preset,
                output: .file(folder.appendingPathComponent("\(golden.name).png").path), fontsConf: Repository.fontsConf.path)
            request.obstaclesFile = boxes.path
            // The plan says the caption moved: the picture shows a move, not the anchor.
            let plan = try JSONSerialization.jsonObject(with: try Burner.plan(request).json()) as? [String: Any]
            let places = (plan?["captions"] as? [[String: Any]] ?? []).map { $0["place"] as? Int ?? 0 }
            XCTAssertTrue(!places.isEmpty && places.allSatisfy { $0 > 0 }, "\(golden.name): places \(places)")
            try Burner.still(request, at: golden.at, guides: StillGuides(safeArea: true, obstacles: true))
            return (name: golden.name, png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: request.output.path!))))
        }
        for failure in try Goldens.check(pictures, in: Self.folder, prefix: "obstacles-") { XCTFail(failure) }
    }

    /// Each picture in `Obstacles/` belongs to a case of the file.
    func testEveryObstacleGoldenHasACase() throws {
        let pictures = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        XCTAssertEqual(Set(pictures), Set(try Self.goldens().map { "\($0.name).png" }))
    }
}

import CVision
import Foundation
import Imaging
import Media
import TestSupport
import XCTest

@testable import Vision

/// The face detector on real photographs (Tests/Cases/faces.json, extracted by
/// scripts/extract-test-photos.py): each picture scaled as the obstacle pass scales a frame,
/// searched upright and turned; the faces marked by hand that are wide enough must be found,
/// and boxes where there is no face must be rare.
final class FaceSetTests: XCTestCase {
    struct Face: Decodable {
        var box: [Double]
        var pose: String
        var covered: Bool?
        var tilted: Bool?
        var ignore: Bool?
    }
    struct Picture: Decodable {
        var name: String
        var source: String
        var path: String
        var crop: [Double]?
        var faces: [Face]
    }
    struct Cases: Decodable {
        var scanWidth: Int
        var turns: [Double]
        var minimumWidth: Double
        var overlap: Double
        var strayOverlap: Double
        var recall: Double
        var falseBoxesPerPicture: Double
        var pictures: [Picture]
    }
    /// Found and counted faces of one kind.
    struct Tally {
        var found = 0
        var counted = 0
        var line: String { "\(found)/\(counted)" + (counted > 0 ? String(format: " (%.1f %%)", 100 * Double(found) / Double(counted)) : "") }
    }

    static let cases: Cases = try! Repository.cases(Cases.self, "faces.json")

    /// The picture `picture` turned by `degrees` and scaled to the scan width, grey, with its
    /// marked faces in its pixels (their box around the turned face, and the face's own width).
    private func searched(_ picture: Picture, turned degrees: Double, in folder: URL) throws
        -> (GreyPicture, [(face: Face, box: Rect, width: Double)])
    {
        let file = Repository.root.appendingPathComponent(".testdata/faces/\(picture.source)/\((picture.path as NSString).lastPathComponent)")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ProcessRunner.Failure(command: ["test"], message: "\(file.path) is missing: run scripts/setup.sh")
        }
        let size = try imageSize(file)
        let crop = picture.crop ?? [0, 0, size.width, size.height]
        let angle = degrees * .pi / 180
        let (cosine, sine) = (cos(angle), sin(angle))
        // The turned picture's size: the whole upright picture fits in it (even sizes, as scale wants).
        func even(_ value: Double) -> Double { 2 * (value / 2).rounded(.up) }
        let turnedWidth = even(crop[2] * abs(cosine) + crop[3] * abs(sine))
        let turnedHeight = even(crop[2] * abs(sine) + crop[3] * abs(cosine))
        var filters = ["crop=\(Int(crop[2])):\(Int(crop[3])):\(Int(crop[0])):\(Int(crop[1]))"]
        if degrees != 0 { filters.append("rotate=\(angle):ow=\(Int(turnedWidth)):oh=\(Int(turnedHeight)):c=black") }
        filters.append("scale=\(Self.cases.scanWidth):-2:flags=area,format=gray")
        let raw = folder.appendingPathComponent("picture.raw")
        try ProcessRunner.ffmpeg(["-i", file.path, "-frames:v", "1", "-vf", filters.joined(separator: ","), "-f", "rawvideo", "-pix_fmt", "gray", raw.path])
        let pixels = [UInt8](try Data(contentsOf: raw))
        let width = Self.cases.scanWidth
        let height = pixels.count / width
        let (scaleX, scaleY) = (Double(width) / turnedWidth, Double(height) / turnedHeight)
        let faces = picture.faces.map { face -> (Face, Rect, Double) in
            let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { corner -> (Double, Double) in
                // From the crop's centre, turned clockwise (as ffmpeg's rotate turns), to the turned picture's centre.
                let x = face.box[0] + corner.0 * face.box[2] - crop[0] - crop[2] / 2
                let y = face.box[1] + corner.1 * face.box[3] - crop[1] - crop[3] / 2
                return ((x * cosine - y * sine + turnedWidth / 2) * scaleX, (x * sine + y * cosine + turnedHeight / 2) * scaleY)
            }
            let (left, top) = (corners.map(\.0).min()!, corners.map(\.1).min()!)
            let box = Rect(x: left, y: top, width: corners.map(\.0).max()! - left, height: corners.map(\.1).max()! - top)
            return (face, box, face.box[2] * scaleX)
        }
        return (GreyPicture(time: 0, width: width, height: height, pixels: pixels, frameWidth: width, frameHeight: height), faces)
    }

    /// The sizes read so far, by file: each picture is searched upright and turned.
    private var sizes: [URL: (width: Double, height: Double)] = [:]

    /// A picture file's width and height, as ffprobe reads them (once a file).
    private func imageSize(_ file: URL) throws -> (width: Double, height: Double) {
        if let known = sizes[file] { return known }
        let size = try probedSize(file)
        sizes[file] = size
        return size
    }

    private func probedSize(_ file: URL) throws -> (width: Double, height: Double) {
        let probe = try ProcessRunner.tool(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", file.path])
        let numbers = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 2 else { throw ProcessRunner.Failure(command: ["ffprobe", file.path], message: probe.stdout + probe.stderr) }
        return (numbers[0], numbers[1])
    }

    /// Intersection over union of two boxes.
    private func overlap(_ a: Rect, _ b: Rect) -> Double {
        let width = max(0, min(a.maxX, b.maxX) - max(a.x, b.x))
        let height = max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
        let shared = width * height
        return shared / (a.width * a.height + b.width * b.height - shared)
    }

    /// Recall of the faces at least `minimumWidth` wide, overall and per pose, covered and
    /// tilted (in the photograph or turned), and false boxes per picture searched.
    func testTheDetectorFindsRealFaces() throws {
        let folder = try temporaryFolder()
        let spec = Self.cases
        let finder = try FaceFinder(paths: FaceFinder.modelPaths(roots: [Repository.root]))
        var tallies: [String: Tally] = [:]
        var pictures = 0
        var strays: [String] = []
        var missed: [String] = []
        var time = Duration.zero
        for picture in spec.pictures {
            for degrees in [0] + (picture.faces.isEmpty ? [] : spec.turns) {
                let (grey, faces) = try searched(picture, turned: degrees, in: folder)
                let clock = ContinuousClock.now
                let found = try finder.detections(in: grey).map { Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)) }
                time += ContinuousClock.now - clock
                pictures += 1
                let label = "\(picture.name)" + (degrees == 0 ? "" : " turned \(Int(degrees))°")
                for (face, box, width) in faces where face.ignore != true && width >= spec.minimumWidth {
                    let hit = found.contains { overlap($0, box) >= spec.overlap }
                    var kinds = ["all", face.pose]
                    if face.covered == true { kinds.append("covered") }
                    if face.tilted == true || degrees != 0 { kinds.append("tilted") }
                    for kind in kinds {
                        tallies[kind, default: Tally()].counted += 1
                        if hit { tallies[kind, default: Tally()].found += 1 }
                    }
                    if !hit { missed.append("\(label): \(face.pose) face at \(box)") }
                }
                for box in found where !faces.contains(where: { overlap($0.box, box) > spec.strayOverlap }) {
                    strays.append("\(label): \(box)")
                }
            }
        }
        for kind in ["all", "frontal", "three-quarter", "profile", "covered", "tilted"] {
            print("faces: \(kind): \((tallies[kind] ?? Tally()).line) found")
        }
        print("faces: \(strays.count) false box(es) in \(pictures) pictures; "
            + String(format: "%.1f ms", (Double(time.components.seconds) * 1000 + Double(time.components.attoseconds) / 1e15) / Double(pictures))
            + " a picture")
        missed.forEach { print("faces: missed \($0)") }
        strays.forEach { print("faces: false box in \($0)") }
        let all = try XCTUnwrap(tallies["all"])
        XCTAssertGreaterThanOrEqual(all.counted, 20, "the set holds too few faces wide enough")
        XCTAssertGreaterThanOrEqual(Double(all.found), spec.recall * Double(all.counted), "recall \(all.line)")
        XCTAssertLessThanOrEqual(Double(strays.count), spec.falseBoxesPerPicture * Double(pictures), strays.joined(separator: "; "))
        for pose in ["frontal", "three-quarter", "profile"] {
            XCTAssertGreaterThan(tallies[pose]?.found ?? 0, 0, "no \(pose) face found")
        }
    }

    /// A model file that is not the one the finder was made for is refused, naming its path.
    func testADamagedModelIsRefused() throws {
        let folder = try temporaryFolder()
        let model = folder.appendingPathComponent(FaceFinder.modelName)
        let good = try XCTUnwrap(FaceFinder.modelPaths(roots: [Repository.root]).first { FileManager.default.fileExists(atPath: $0) })
        var bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        bytes[bytes.count / 2] ^= 0xff
        try bytes.write(to: model)
        XCTAssertThrowsError(try FaceFinder(paths: [model.path])) { error in
            guard case VisionError.modelDamaged(_, let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, model.path)
            XCTAssertTrue("\(error)".hasPrefix("\(model.path): the face detector's model is damaged: its SHA-256 is "), "\(error)")
        }
        let variable = FaceFinder.modelPaths(roots: [folder], environment: [FaceFinder.variable: "/some/model.onnx"])
        XCTAssertEqual(variable, ["/some/model.onnx"], "\(FaceFinder.variable) names the one file looked at")
    }
}

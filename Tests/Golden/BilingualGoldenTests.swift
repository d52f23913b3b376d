import Commands
import Foundation
import Pipeline
import TestSupport
import XCTest

/// Bilingual captions held to reviewed pictures: for each pair of `Tests/Cases/bilingual.json`
/// (en+zh-Hans, ja+en, ar+en), the still of a grey 540x960 clip at the pair's instant, both
/// tracks on screen, with the tiktok preset's safe area outlined. One picture per pair in
/// `Bilingual/`, compared and recorded as the other golden images (`RECORD_GOLDENS=1`).
final class BilingualGoldenTests: XCTestCase {
    static let folder = Repository.root.appendingPathComponent("Tests/Golden/Bilingual")

    func testEveryPairMatchesItsGolden() throws {
        let folder = try temporaryFolder()
        let clip = try BilingualPair.greyClip(in: folder)
        let pictures = try BilingualPair.all().map { pair in
            var request = BurnRequest(
                input: .file(clip),
                captions: CaptionInput(
                    file: try BilingualPair.srt(pair.first, named: "first", in: folder), language: pair.first.language),
                output: .file(folder.appendingPathComponent("\(pair.name).png").path), fontsConf: Repository.fontsConf.path)
            request.secondCaptions = try BilingualPair.srt(pair.second, named: "second", in: folder)
            request.secondLanguage = pair.second.language
            try Burner.still(request, at: pair.at, guides: StillGuides(safeArea: true))
            return (name: pair.name, png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: request.output.path!))))
        }
        for failure in try Goldens.check(pictures, in: Self.folder, prefix: "bilingual-") { XCTFail(failure) }
    }

    /// Each picture in `Bilingual/` belongs to a pair of the case file.
    func testEveryBilingualGoldenHasAPair() throws {
        let pictures = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        XCTAssertEqual(Set(pictures), Set(try BilingualPair.all().map { "\($0.name).png" }))
    }
}

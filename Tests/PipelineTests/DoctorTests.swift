import Foundation
import TestSupport
import XCTest

/// `burn-captions doctor` on this machine (set up by scripts/setup.sh: everything is here),
/// and with a fontconfig file that no longer finds one face `Fonts.conf` names.
final class DoctorTests: XCTestCase {
    func testEverythingTheDefaultsNeedIsHere() throws {
        let result = try CLI.burn(["doctor"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("ok      libx264 (--codec h264, the default): opens"), result.stdout)
        XCTAssertTrue(result.stdout.contains("doctor: everything the defaults need is here"), result.stdout)
        XCTAssertFalse(result.stdout.contains("MISSING"), result.stdout)
    }

    func testAMissingFaceFailsAndNamesItsPackage() throws {
        let folder = try temporaryFolder()
        // Fonts.conf with the Thai face's files turned away: the family is no longer found.
        let shipped = try String(contentsOf: CLI.root.appendingPathComponent("Fonts.conf"), encoding: .utf8)
        let conf = folder.appendingPathComponent("fonts.conf")
        let rejected = "<selectfont><rejectfont><glob>*/NotoSansThai*</glob></rejectfont></selectfont>\n</fontconfig>"
        try shipped.replacingOccurrences(of: "</fontconfig>", with: rejected).write(to: conf, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(CLI.binary, ["doctor"], environment: ["BURN_CAPTIONS_FONTS_CONF": conf.path])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains("MISSING Noto Sans Thai: not installed: install fonts-noto-core (apt install fonts-noto-core)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("doctor: 1 thing the defaults need is missing: Noto Sans Thai"), result.stdout)
    }
}

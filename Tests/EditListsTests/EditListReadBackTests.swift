import EditLists
import Foundation
import TestSupport
import XCTest

/// Every format at every rate read back by OpenTimelineIO and its adapters (from PyPI,
/// installed by scripts/setup.sh) through scripts/read-edit-list.py: the kept ranges come
/// back frame-exact from a phone's start timecode, across minute boundaries, back to back on
/// the record side, with their audio. scripts/setup.sh installs opentimelineio: without it the
/// test fails, naming what is missing (a skip would hide a missing set-up step).
final class EditListReadBackTests: XCTestCase {
    struct Read: Decodable {
        var file: String
        var error: String?
        var name: String?
        var targetURL: String?
        var clips: [[Int]]?
        var record: [[Int]]?
        var audioTracks: Int?
        var audioClips: Int?
    }

    func testEveryFormatAtEveryRateReadsBack() throws {
        let check = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import opentimelineio"])
        guard check.status == 0 else {
            let said = check.stderr.split(separator: "\n").last.map(String.init) ?? ""
            return XCTFail("python3 has no opentimelineio (scripts/setup.sh installs it from PyPI): \(said)")
        }
        let spec = EditListCases.all.readBack
        let folder = try temporaryFolder()
        var arguments = [Repository.root.appendingPathComponent("scripts/read-edit-list.py").path]
        var written: [String: (EditTimeline, EditListFormat)] = [:]
        for rate in EditRate.all {
            let label = spec.start.dropLast(3) + (rate.dropFrame ? ";" : ":") + String(spec.start.suffix(2))
            let frames = { (seconds: Double) in Int((seconds * rate.framesPerSecond).rounded()) }
            let timeline = EditTimeline(
                name: spec.name, sourcePath: spec.sourcePath, rate: rate,
                sourceStartFrame: try Timecode(label, rate: rate).frames, sourceFrames: frames(spec.sourceSeconds),
                kept: spec.keptSeconds.map { frames($0[0])..<frames($0[1]) }, width: spec.width, height: spec.height,
                audioChannels: spec.audioChannels, audioSampleRate: spec.audioSampleRate)
            arguments += ["--rate", "\(rate.numerator)/\(rate.denominator)", "--start-frame", "\(timeline.sourceStartFrame)"]
            for format in EditListFormat.allCases {
                let path = folder.appendingPathComponent("\(rate.description)-\(format).\(format.fileExtension)").path
                try Data(try EditListWriter.write(timeline, as: format).utf8).write(to: URL(fileURLWithPath: path))
                written[path] = (timeline, format)
                arguments.append(path)
            }
        }
        let result = try ProcessRunner.run("/usr/bin/env", ["python3"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let reads = try result.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Read.self, from: Data($0.utf8))
        }
        XCTAssertEqual(reads.count, EditRate.all.count * EditListFormat.allCases.count, result.stderr)
        for read in reads {
            let (timeline, format) = try XCTUnwrap(written[read.file])
            let name = "\(timeline.rate) \(format)"
            XCTAssertNil(read.error, name)
            XCTAssertEqual(read.clips, timeline.kept.map { [$0.lowerBound, $0.upperBound] }, name)
            var position = 0
            let record = timeline.kept.map { range in
                defer { position += range.count }
                return [position, position + range.count]
            }
            XCTAssertEqual(read.record, record, name)
            let audioTracks = try XCTUnwrap(spec.audioTracks[format.rawValue])
            XCTAssertEqual(read.audioTracks, audioTracks, name)
            XCTAssertEqual(read.audioClips, audioTracks > 0 ? timeline.kept.count : 0, name)
            XCTAssertEqual(read.targetURL, try XCTUnwrap(spec.targetURLs[format.rawValue]), name)
            XCTAssertEqual(read.name, timeline.name, name)
        }
    }
}

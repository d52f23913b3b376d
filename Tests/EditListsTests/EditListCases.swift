import EditLists
import Foundation
import TestSupport

/// The cases of `Tests/Cases/edit-lists.json`, read once for the suites of EditLists.
struct EditListCases: Decodable {
    struct TimecodeCase: Decodable {
        var rate: String
        var frames: Int
        var text: String
    }
    struct BadTimecode: Decodable {
        var rate: String
        var text: String
        var error: String
    }
    struct RateCase: Decodable {
        var measured: [Int]
        var rate: String?
        var dropFrame: Bool?
        var timebase: Int?
        var error: String?
    }
    struct ExtensionCase: Decodable {
        var path: String
        var format: String?
    }
    /// A timeline as the cases give it: the rate by name, the start as a timecode label.
    struct Timeline: Decodable {
        var name: String
        var sourcePath: String
        var rate: String
        var start: String
        var sourceFrames: Int
        var kept: [[Int]]
        var width: Int
        var height: Int
        var audioChannels: Int
        var audioSampleRate: Int

        func value() throws -> EditTimeline {
            let rate = try EditListCases.rate(named: self.rate)
            return EditTimeline(
                name: name, sourcePath: sourcePath, rate: rate, sourceStartFrame: try Timecode(start, rate: rate).frames,
                sourceFrames: sourceFrames, kept: kept.map { $0[0]..<$0[1] }, width: width, height: height,
                audioChannels: audioChannels, audioSampleRate: audioSampleRate)
        }
    }
    /// What a structured output (OTIO's JSON, an XML format) must hold: how many of a thing,
    /// and values by key (a dotted JSON path, or `element[index]@attribute` / `element[index]`).
    struct Structure: Decodable {
        var counts: [String: Int]
        var values: [String: String]
    }
    struct EDLExpectation: Decodable {
        var events: Int
        var lines: [String]
    }
    struct WriterCase: Decodable {
        var name: String
        var timeline: Timeline
        var otio: Structure
        var fcpxml: Structure
        var fcp7: Structure
        var edl: EDLExpectation
    }
    /// A timeline that cannot be written: the second writer case's with these fields changed.
    struct BadTimeline: Decodable {
        var field: String
        var kept: [[Int]]?
        var keptCount: Int?
        var sourcePath: String?
        var sourceFrames: Int?
        var audioSampleRate: Int?
        var format: String?
        var error: String
    }
    struct ReadBack: Decodable {
        var name: String
        var sourcePath: String
        var start: String
        var sourceSeconds: Double
        var keptSeconds: [[Double]]
        var width: Int
        var height: Int
        var audioChannels: Int
        var audioSampleRate: Int
        var audioTracks: [String: Int]
        var targetURLs: [String: String?]
    }

    var timecodes: [TimecodeCase]
    var wrappedTimecodes: [TimecodeCase]
    var badTimecodes: [BadTimecode]
    var rates: [RateCase]
    var extensions: [ExtensionCase]
    var writers: [WriterCase]
    var badTimelines: [BadTimeline]
    var readBack: ReadBack

    static let all: EditListCases = try! Repository.cases(EditListCases.self, "edit-lists.json")

    /// The listed rate named `name` (`29.97`).
    static func rate(named name: String) throws -> EditRate {
        guard let rate = EditRate.all.first(where: { $0.description == name }) else {
            throw EditListError("rate", "no listed rate is named \(name)")
        }
        return rate
    }

    /// The format named as the cases' keys name them (`otio`, `fcpxml`, `fcp7`, `edl`).
    static func format(named name: String) throws -> EditListFormat {
        guard let format = EditListFormat(rawValue: name) else { throw EditListError("format", "no format \(name)") }
        return format
    }
}

import Cuts
import Foundation
import Pipeline

/// The cut options as given (`--cuts`, `--cuts-file`, `--max-pause`, `--cut-pauses`,
/// `--edit-list`), checked together into a request's `CutSource`, worded for where they
/// came from: the command line and batch manifests share it.
public struct CutOptions: Sendable, Equatable {
    public var kinds: CutKinds?
    public var file: String?
    public var maxPause: Double?
    public var overMotion: Bool?
    public var editList: String?

    public init() {}

    /// The extensions of the edit lists written.
    public static let editListExtensions = ["otio", "fcpxml", "xml", "edl"]

    /// `--cuts LIST`: the kinds it names.
    public static func kinds(_ list: String, _ source: OptionSource) throws -> CutKinds {
        guard let kinds = CutKinds(list: list) else {
            let names = CutKinds.names.map(\.name).joined(separator: ", ")
            throw source.refusal("\(source.name): expected off or a comma list of \(names), got \(source.quoted(list))")
        }
        return kinds
    }

    /// `--cut-pauses still|always`: whether silence over a moving picture is cut.
    public static func overMotion(_ value: String, _ source: OptionSource) throws -> Bool {
        guard ["still", "always"].contains(value) else {
            throw source.refusal("\(source.name): expected still or always, got \(source.quoted(value))")
        }
        return value == "always"
    }

    /// `--edit-list FILE`: a file of an extension written.
    public static func editList(_ path: String, _ source: OptionSource) throws -> String {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard editListExtensions.contains(ext) else {
            throw source.refusal(
                "\(path): edit lists are .otio (OpenTimelineIO), .fcpxml (Final Cut Pro, Resolve), .xml (Premiere) or .edl (CMX 3600), not .\(ext.isEmpty ? "(none)" : ext)")
        }
        return path
    }

    /// The cut source these options make; `defaultKinds` when none is named (`cuts`: all
    /// three). Refused: a plan and a file together, pause settings without pauses cut, an
    /// edit list with nothing cut.
    public func source(defaultKinds: CutKinds = [], names: (OptionID) -> String) throws -> CutSource {
        if let file {
            if kinds != nil { throw BurnError.usage("\(names(.cuts)) and \(names(.cutsFile)): give one (a plan is made, or read)") }
            if maxPause != nil || overMotion != nil {
                throw BurnError.usage("\(names(maxPause != nil ? .maxPause : .cutPauses)) is for a plan made here, not one read from \(file)")
            }
            return .file(file)
        }
        let kinds = self.kinds ?? defaultKinds
        if (maxPause != nil || overMotion != nil) && !kinds.contains(.pauses) {
            throw BurnError.usage("\(names(maxPause != nil ? .maxPause : .cutPauses)) needs \(names(.cuts)) with pauses")
        }
        if editList != nil && kinds.isEmpty {
            throw BurnError.usage("\(names(.editList)) writes what is kept of a cut: give \(names(.cuts)) or \(names(.cutsFile))")
        }
        guard !kinds.isEmpty else { return .off }
        var settings = CutSettings(kinds: kinds)
        if let maxPause { settings.maxPause = maxPause }
        if let overMotion { settings.pausesOverMotion = overMotion }
        return .planned(settings)
    }
}

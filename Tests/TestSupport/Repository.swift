import CaptionCases
import Captions
import Foundation

/// The checkout the tests were built from, and the files of it they read.
public enum Repository {
    /// The folder that holds Package.swift.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The sample videos and caption files.
    public static let samples = root.appendingPathComponent("Samples")
    /// The fontconfig file that gives the tests their fonts.
    public static let fontsConf = root.appendingPathComponent("Fonts.conf")

    /// The shipped closed-class tables (`Presets/rules/boundaries`).
    public static func phrases() throws -> PhraseTables {
        try PhraseTables(folder: root.appendingPathComponent("Presets/rules/boundaries"))
    }

    /// The case file `Tests/Cases/NAME` read as `type` (`CaseFile`: errors name the file and the place).
    public static func cases<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try CaseFile.load(type, name, in: root)
    }
}

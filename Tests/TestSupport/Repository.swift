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
}

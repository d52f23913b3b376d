import Foundation

/// The stand-in recognizer of Tests/Cases/engines (protocol 1 without a model; its modes are
/// listed in the script) and a model folder to name to it.
public enum StandInEngine {
    /// The script's path.
    public static let path = Repository.root.appendingPathComponent("Tests/Cases/engines/fake-recognizer.py").path

    /// A folder of placeholder files the model finder takes for a model, made as `folder/model`; its path.
    public static func model(in folder: URL) throws -> String {
        let model = folder.appendingPathComponent("model")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        for name in ["model.bin", "config.json", "tokenizer.json"] { try Data("x".utf8).write(to: model.appendingPathComponent(name)) }
        return model.path
    }
}

import Foundation

/// The program that recognizes speech, run as a child process speaking protocol 1: our own
/// module over faster-whisper in the virtual environment `scripts/setup.sh` makes, or any
/// program named by `BURN_CAPTIONS_RECOGNIZER` that speaks the protocol.
public struct RecognizerEngine: Sendable, Equatable {
    /// The variable that names a replacement engine (an executable file).
    public static let variable = "BURN_CAPTIONS_RECOGNIZER"
    /// Where setup installs the engine and models, below a root of the shipped files.
    public static let installFolder = ".recognizer"

    /// The program and its arguments.
    public let command: [String]
    /// The folders that hold installed models, one folder per model name.
    public let modelFolders: [URL]
    /// The shipped sums of the installed models' files, when found.
    public let sums: URL?

    public init(command: [String], modelFolders: [URL], sums: URL?) {
        (self.command, self.modelFolders, self.sums) = (command, modelFolders, sums)
    }

    /// The engine below the first of `roots` that has it (`.recognizer/venv/bin/python3` and
    /// `Recognizer/burn_recognizer.py`), or the one `environment` names.
    public static func find(roots: [URL], environment: [String: String]) throws(RecognitionError) -> RecognizerEngine {
        let folders = roots.map { $0.appendingPathComponent(installFolder + "/models") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let sums = roots.map { $0.appendingPathComponent("Recognizer/models.json") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        if let program = environment[variable], !program.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: program) else {
                throw .engine("\(variable)=\(program): not an executable file")
            }
            return RecognizerEngine(command: [program], modelFolders: folders, sums: sums)
        }
        var searched: [String] = []
        for root in roots {
            let python = root.appendingPathComponent(installFolder + "/venv/bin/python3")
            let script = root.appendingPathComponent("Recognizer/burn_recognizer.py")
            if FileManager.default.isExecutableFile(atPath: python.path), FileManager.default.fileExists(atPath: script.path) {
                return RecognizerEngine(command: [python.path, script.path], modelFolders: folders, sums: sums)
            }
            if !searched.contains(python.path) { searched.append(python.path) }
        }
        throw .engineMissing(searched: searched)
    }
}

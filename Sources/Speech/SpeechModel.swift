import Foundation

/// A Whisper model for the recognizer, found from what the user named: a CTranslate2 model
/// folder given by path; a name (`base`, `tiny.en`) among the installed models, then in
/// faster-whisper's own cache; or a hub name (`owner/model`) the engine downloads when the
/// user allows it. An installed model is checked against `Recognizer/models.json`.
public struct SpeechModel: Sendable, Equatable {
    /// The folder, or the hub name when `isHubName`.
    public let location: String
    /// Downloaded by the engine from the hub (the user named a hub model and allowed it).
    public let isHubName: Bool
    /// What names the model's content in the transcript cache: the sums of its files when the
    /// sums file lists it, else its files' sizes and times.
    public let identity: String

    /// The files a CTranslate2 Whisper folder must have.
    static let requiredFiles = ["model.bin", "config.json"]

    /// The model `name` says. `installed` are the folders that hold installed models (one
    /// folder per model name), `sums` the shipped sums file. A hub name (`owner/model`) found
    /// nowhere is the user's asking for the download.
    public static func find(_ name: String, installed: [URL], sums: ModelSums?, environment: [String: String]) throws(RecognitionError) -> SpeechModel {
        var searched: [String] = []
        // A hub name is `owner/model`: anything there (even a dangling link), or with more
        // than one slash, is a path.
        var status = stat()
        let looksLikePath =
            name.hasPrefix("/") || name.hasPrefix(".") || name.hasPrefix("~") || name.split(separator: "/").count > 2
            || name.hasSuffix("/")
        if looksLikePath || lstat(name, &status) == 0 {
            let folder = URL(fileURLWithPath: (name as NSString).expandingTildeInPath)
            return try checked(folder, name: name, sums: sums)
        }
        for root in installed {
            let folder = root.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: folder.path) { return try checked(folder, name: name, sums: sums) }
            searched.append(folder.path)
        }
        if let (repository, snapshots) = cachedFolders(name, environment: environment) {
            for folder in snapshots
            where requiredFiles.allSatisfy({ FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }) {
                return try checked(folder, name: name, sums: nil)
            }
            searched.append(repository.path)
        }
        if name.contains("/") {
            return SpeechModel(location: name, isHubName: true, identity: "hub \(name)")
        }
        throw .model("model \(name): not found (looked in \(searched.joined(separator: ", "))); "
            + "\(RecognitionError.setupHint), or give a CTranslate2 model folder's path")
    }

    /// Where faster-whisper's cache keeps model `name` (Systran's conversion of a bare name),
    /// and the snapshots it holds, newest name last; nil without a home.
    private static func cachedFolders(_ name: String, environment: [String: String]) -> (URL, [URL])? {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
        let hub =
            environment["HF_HUB_CACHE"].map { URL(fileURLWithPath: $0) }
            ?? environment["HF_HOME"].map { URL(fileURLWithPath: $0).appendingPathComponent("hub") }
            ?? home?.appendingPathComponent(".cache/huggingface/hub")
        guard let hub else { return nil }
        let repository = hub.appendingPathComponent(
            "models--" + (name.contains("/") ? name : "Systran/faster-whisper-\(name)").replacingOccurrences(of: "/", with: "--"))
        let snapshots = repository.appendingPathComponent("snapshots")
        let found = (try? FileManager.default.contentsOfDirectory(atPath: snapshots.path)) ?? []
        return (repository, found.sorted().map { snapshots.appendingPathComponent($0) })
    }

    /// `folder` as a model: its required files present, and its files as the sums file says
    /// when it names `name` (sizes always, contents once per change: `ModelSums.verify`).
    private static func checked(_ folder: URL, name: String, sums: ModelSums?) throws(RecognitionError) -> SpeechModel {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path) {
                throw .model("model \(folder.path): a symbolic link to \(target), which does not exist")
            }
            throw .model("model \(folder.path): no such folder")
        }
        guard isFolder.boolValue else {
            throw .model("model \(folder.path): a file, not a model folder (a CTranslate2 Whisper model is a folder with \(requiredFiles.joined(separator: ", ")))")
        }
        let missing = requiredFiles.filter { !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        guard missing.isEmpty else {
            throw .model("model \(folder.path): not a CTranslate2 Whisper model (no \(missing.joined(separator: ", ")))")
        }
        if let listed = sums?.models[folder.lastPathComponent] {
            try sums?.verify(folder, listed: listed, name: folder.lastPathComponent)
            return SpeechModel(location: folder.path, isHubName: false, identity: listed.identity)
        }
        return SpeechModel(location: folder.path, isHubName: false, identity: fileIdentity(folder))
    }

    /// The names, sizes and modification times of a folder's files.
    private static func fileIdentity(_ folder: URL) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.map { name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(name) \(size) \(time)"
        }.joined(separator: "; ")
    }
}

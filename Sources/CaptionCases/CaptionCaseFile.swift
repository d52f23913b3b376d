import Foundation

/// The file of caption cases, `Tests/Cases/captions.json` in the checkout, that the layout
/// goldens, the golden images, the safe-area test, LayoutBench and the layout fuzz seeds read.
public enum CaptionCaseFile {
    /// Where the file is, from the checkout's root.
    public static let path = CaseFile.folder + "/captions.json"

    /// A missing or malformed file, a name given twice in one suite, or a case a reader cannot use.
    public typealias Problem = CaseFile.Problem

    /// The file's shape: a note for its readers and the cases.
    private struct Document: Decodable {
        var about: String
        var cases: [CaptionCase]
    }

    /// Every case of the file in `checkout`, in the file's order.
    public static func cases(in checkout: URL) throws -> [CaptionCase] {
        let url = checkout.appendingPathComponent(path)
        let cases = try CaseFile.load(Document.self, "captions.json", in: checkout).cases
        for suite in CaptionCase.Suite.allCases {
            let members = cases.filter { $0.suites.contains(suite) }
            let names = suite == .image ? members.map(\.imageName) : members.map(\.name)
            var seen: Set<String> = []
            if let twice = names.first(where: { !seen.insert($0).inserted }) {
                throw Problem(description: "\(url.path): two \(suite.rawValue) cases named \"\(twice)\"")
            }
        }
        return cases
    }

    /// The cases of `suite` in the file in `checkout`, in the file's order.
    public static func cases(_ suite: CaptionCase.Suite, in checkout: URL) throws -> [CaptionCase] {
        try cases(in: checkout).filter { $0.suites.contains(suite) }
    }

    /// The checkout a tool runs from or was built in: the current folder or the nearest one
    /// above it that holds the file, else the same from the executable's folder.
    public static func checkout() throws -> URL {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        for start in [current, executable].compactMap({ $0 }) {
            var folder = start.standardizedFileURL
            while true {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) { return folder }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw Problem(
            description: "cannot find \(path) in \(current.path), the executable's folder "
                + "(\(executable?.path ?? "unknown")) or any folder above them: run from the checkout")
    }
}

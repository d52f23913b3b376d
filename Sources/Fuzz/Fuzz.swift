import CaptionCases
import Foundation
import FuzzTargets

#if FUZZING
import CFuzzer

/// The target `FUZZ_TARGET` names, chosen once.
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("Fuzz: set FUZZ_TARGET to one of \(known)\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's entry point: one input through the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    target.run(Data(bytes: data, count: size))
    return 0
}
#endif

/// With `-sanitize=fuzzer -DFUZZING` (`make fuzz`): libFuzzer on the target named by
/// `FUZZ_TARGET`, with libFuzzer's own arguments. Otherwise a runner that reproduces a
/// finding: `Fuzz TARGET FILE_OR_FOLDER...` runs each file through the target. In both,
/// `Fuzz seeds TARGET FOLDER` writes the target's seeds from the caption cases into FOLDER.
@main
enum Fuzz {
    static func main() {
        if CommandLine.arguments.dropFirst().first == "seeds" { writeSeeds(Array(CommandLine.arguments.dropFirst(2))) }
        #if FUZZING
        _ = target
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            print("usage: Fuzz \(known) FILE_OR_FOLDER...\n       Fuzz seeds \(known) FOLDER")
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    print("Fuzz: cannot read \(file)")
                    exit(1)
                }
                // Unbuffered, so that a crash follows the name of its input.
                FileHandle.standardError.write(Data("\(target.rawValue): \(file)\n".utf8))
                target.run(data)
                count += 1
            }
        }
        print("Fuzz: \(count) input(s) through \(target.rawValue), no crash")
        #endif
    }

    /// `seeds TARGET FOLDER`: writes the seeds `target` makes from the caption cases of the
    /// checkout around the current folder (or the executable) into FOLDER, in place of the
    /// `case-*` seeds an earlier call wrote there; exits.
    static func writeSeeds(_ arguments: [String]) -> Never {
        guard arguments.count == 2, let target = FuzzTarget(rawValue: arguments[0]) else {
            let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            print("usage: Fuzz seeds \(known) FOLDER")
            exit(2)
        }
        let folder = URL(fileURLWithPath: arguments[1])
        do {
            let seeds = try target.seeds(from: try CaptionCaseFile.cases(in: try CaptionCaseFile.checkout()))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for old in try FileManager.default.contentsOfDirectory(atPath: folder.path) where old.hasPrefix("case-") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(old))
            }
            for seed in seeds { try seed.data.write(to: folder.appendingPathComponent(seed.name)) }
            print("Fuzz: \(seeds.count) seed(s) for \(target.rawValue) from \(CaptionCaseFile.path) in \(folder.path)")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("Fuzz: \(error)\n".utf8))
            exit(1)
        }
    }

    /// `path`, or the files in it when it is a folder, sorted.
    static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [path] }
        return names.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}

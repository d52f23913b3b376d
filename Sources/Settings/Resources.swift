import Foundation

/// Finds the files the tool ships beside its code: `Fonts.conf`, `Presets/` and `Presets/looks/`.
public enum Resources {
    /// Folders searched in order: `BURN_CAPTIONS_HOME`, the source tree a `.build` binary
    /// was built from, `PREFIX/share/burn-captions` of an installed binary, the source tree the
    /// code was compiled in (while it exists), the working folder.
    public static func searchRoots() -> [URL] {
        var roots: [URL] = []
        if let home = ProcessInfo.processInfo.environment["BURN_CAPTIONS_HOME"] {
            roots.append(URL(fileURLWithPath: home))
        }
        // The running binary's real path, also when it was started through PATH.
        let executable = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments.first ?? ""
        ).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<5 {
            if folder.lastPathComponent == ".build" { roots.append(folder.deletingLastPathComponent()) }
            folder = folder.deletingLastPathComponent()
        }
        roots.append(executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/burn-captions"))
        // The package root, for library users and tests built from this source tree; only while
        // that tree is there (a binary copied elsewhere, into the worker image, would name the
        // build machine's folders in its messages).
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: source.appendingPathComponent("Package.swift").path) { roots.append(source) }
        roots.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return roots
    }

    /// The fontconfig file: `override`, else `BURN_CAPTIONS_FONTS_CONF`, else the shipped `Fonts.conf`.
    public static func fontsConf(override: String? = nil) throws -> URL {
        if let path = override ?? ProcessInfo.processInfo.environment["BURN_CAPTIONS_FONTS_CONF"] {
            return URL(fileURLWithPath: path)
        }
        return try find("Fonts.conf")
    }

    /// The Debian package of each font family the shipped files name (`FontPackages.json`).
    public static func fontPackages() throws -> URL { try find("FontPackages.json") }

    /// A preset by name (`Presets/NAME.json`) or by path to a `.json` file.
    public static func preset(_ nameOrPath: String) throws -> URL {
        try settings(nameOrPath, folder: "Presets", kind: "preset")
    }

    /// A look by name (`Presets/looks/NAME.json`) or by path to a `.json` file.
    public static func look(_ nameOrPath: String) throws -> URL {
        try settings(nameOrPath, folder: "Presets/looks", kind: "look")
    }

    /// The reading rules `lint` checks (`Presets/rules/reading.json`).
    public static func readingRules() throws -> URL { try find("Presets/rules/reading.json") }

    /// The folder of closed-class tables, one per language (`Presets/rules/boundaries`).
    public static func phraseTables() throws -> URL { try find("Presets/rules/boundaries") }

    /// The filler words of each language the cut plan takes out (`Presets/rules/fillers.json`).
    public static func fillerWords() throws -> URL { try find("Presets/rules/fillers.json") }

    /// The folder of emoji senses, one file per language (`Presets/rules/emoji`).
    public static func emojiSenses() throws -> URL { try find("Presets/rules/emoji") }

    /// A file of the review page (`Web/NAME`: its HTML, script and style sheet).
    public static func web(_ name: String) throws -> URL { try find("Web/" + name) }

    /// Names of the presets found.
    public static func presetNames() -> [String] { names(in: "Presets") }

    /// Names of the looks found.
    public static func lookNames() -> [String] { names(in: "Presets/looks") }

    /// `folder/NAME.json`, or the file `nameOrPath` when it is a path.
    private static func settings(_ nameOrPath: String, folder: String, kind: String) throws -> URL {
        if nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") {
            return URL(fileURLWithPath: nameOrPath)
        }
        guard nameOrPath.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw SettingsError.usage("invalid \(kind) name \"\(nameOrPath)\"")
        }
        do {
            return try find("\(folder)/\(nameOrPath).json")
        } catch {
            let known = names(in: folder).joined(separator: ", ")
            throw SettingsError.usage("unknown \(kind) \"\(nameOrPath)\" (known: \(known.isEmpty ? "none found" : known))")
        }
    }

    /// The names of the `.json` files in `folder`, sorted.
    private static func names(in folder: String) -> [String] {
        guard let url = try? find(folder), let files = try? FileManager.default.contentsOfDirectory(atPath: url.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    private static func find(_ relative: String) throws -> URL {
        for root in searchRoots() {
            let url = root.appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        throw SettingsError.input("cannot find \(relative) (set BURN_CAPTIONS_HOME to the folder that holds it)")
    }
}

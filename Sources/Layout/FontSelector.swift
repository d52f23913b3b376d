import CFontconfig
import Caching
import Foundation

/// Chooses font files through fontconfig, loading only the given configuration file
/// (the project's `Fonts.conf`), never the user's own font setup.
public final class FontSelector {
    private let config: OpaquePointer  // FcConfig*
    public let configFile: URL
    /// Every face in the configuration's font folders, none rejected: the last resort for a
    /// character no selected face covers. Made on first need.
    private var everyFace: OpaquePointer??  // FcConfig*
    private var lastResortOrders = BoundedCache<Int, [FontCandidate]>(limit: 16)  // by weight
    /// By character and weight: one per character the selected faces lack.
    private var lastResorts = BoundedCache<LastResortKey, FontCandidate?>(limit: 4096)

    private struct LastResortKey: Hashable {
        var scalar: UInt32
        var weight: Int
    }

    /// Loads `configFile` into a fresh fontconfig configuration and scans its font folders.
    public init(configFile: URL) throws {
        let path = configFile.path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FontError.configuration(file: path, message: "cannot read fontconfig file")
        }
        guard let config = FcConfigCreate() else {
            throw FontError.configuration(file: path, message: "fontconfig could not create a configuration")
        }
        guard FcConfigParseAndLoad(config, path, FcTrue) == FcTrue else {
            FcConfigDestroy(config)
            throw FontError.configuration(file: path, message: "fontconfig could not parse this file")
        }
        guard FcConfigBuildFonts(config) == FcTrue else {
            FcConfigDestroy(config)
            throw FontError.configuration(file: path, message: "fontconfig could not scan the font folders")
        }
        // Anything in fontconfig that falls back to the current configuration sees ours.
        FcConfigSetCurrent(config)
        self.config = config
        self.configFile = configFile
    }

    deinit {
        FcConfigDestroy(config)
        if let everyFace = everyFace ?? nil { FcConfigDestroy(everyFace) }
    }

    /// Whether a face of `family` is installed where the configuration looks (a generic name
    /// such as `sans-serif` counts as installed: the configuration maps it).
    public func hasFamily(_ family: String) -> Bool {
        if ["sans-serif", "serif", "monospace", "emoji", "system-ui", "cursive", "fantasy"].contains(family.lowercased()) {
            return true
        }
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, burn_fc_family(), family)
        guard let set = FcFontList(config, pattern, nil) else { return false }
        defer { FcFontSetDestroy(set) }
        return set.pointee.nfont > 0
    }

    /// A face that covers `scalar`, from every face in the configuration's font folders,
    /// including those the configuration turns away (serif faces, say): the first in
    /// fontconfig's order for `weight` that has the character, or nil when none does. The
    /// order is sorted once per weight, so each character costs a scan of coverage sets, and
    /// the same folders give the same answer on every machine whatever was asked before.
    public func lastResort(for scalar: Unicode.Scalar, weight: Int) -> FontCandidate? {
        let key = LastResortKey(scalar: scalar.value, weight: weight)
        if let known = lastResorts.value(for: key) { return known }
        let order = lastResortOrders.value(for: weight) { everyFaceSorted(weight: weight) }
        let found = order.first { $0.coverage.covers(scalar) }
        lastResorts.insert(found, for: key)
        return found
    }

    /// Every face of `unrejectedConfig` in fontconfig's order of preference for `weight`.
    private func everyFaceSorted(weight: Int) -> [FontCandidate] {
        guard let config = unrejectedConfig(), let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddInteger(pattern, burn_fc_weight(), Int32(FcWeightFromOpenType(Int32(weight))))
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        return Self.candidates(set)
    }

    /// A configuration of the same font folders and caches without any rule: every face in them.
    private func unrejectedConfig() -> OpaquePointer? {
        if let made = everyFace { return made }
        var xml = "<fontconfig>"
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        func paths(_ list: OpaquePointer?) -> [String] {
            guard let list else { return [] }
            defer { FcStrListDone(list) }
            var result: [String] = []
            while let path = FcStrListNext(list) { result.append(String(cString: path)) }
            return result
        }
        // The font folders as scanned, subfolders included: the top ones are enough.
        let folders = paths(FcConfigGetFontDirs(config))
        for folder in folders where !folders.contains(where: { folder.hasPrefix($0 + "/") }) {
            xml += "<dir>\(escaped(folder))</dir>"
        }
        for cache in paths(FcConfigGetCacheDirs(config)) { xml += "<cachedir>\(escaped(cache))</cachedir>" }
        xml += "</fontconfig>"
        var made: OpaquePointer?
        if let config = FcConfigCreate() {
            let parsed = xml.withCString { text in
                text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count + 1) {
                    FcConfigParseAndLoadFromMemory(config, $0, FcTrue)
                }
            }
            if parsed == FcTrue, FcConfigBuildFonts(config) == FcTrue {
                made = config
            } else {
                FcConfigDestroy(config)
            }
        }
        everyFace = .some(made)
        return made
    }

    /// The best face for `family` at `weight` (CSS 100...900) for `language` (fontconfig lang, e.g. "zh-tw").
    public func match(family: String, weight: Int, language: String?) throws -> FontFile {
        guard let first = try fallbacks(family: family, weight: weight, language: language, limit: 1).first else {
            throw FontError.noMatch("\(family) weight \(weight) for \(language ?? "any language")")
        }
        return first.file
    }

    /// Faces in fontconfig's order of preference for `family`, `weight` and `language`, each with
    /// the characters it covers: the first is the match, the others fill in what it lacks.
    public func fallbacks(family: String, weight: Int, language: String?, limit: Int = .max) throws -> [FontCandidate] {
        guard let pattern = FcPatternCreate() else { throw FontError.noMatch(family) }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, burn_fc_family(), family)
        FcPatternAddInteger(pattern, burn_fc_weight(), Int32(FcWeightFromOpenType(Int32(weight))))
        if let language, !language.isEmpty {
            FcPatternAddString(pattern, burn_fc_lang(), language)
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        // trim: only faces that add coverage to those before them.
        let set = FcFontSort(config, pattern, FcTrue, nil, &result)
        defer { if let set { FcFontSetDestroy(set) } }
        guard let set, result == FcResultMatch else {
            throw FontError.noMatch("\(family) weight \(weight) for \(language ?? "any language")")
        }
        let candidates = Array(Self.candidates(set).prefix(limit))
        if candidates.isEmpty {
            throw FontError.noMatch("\(family) weight \(weight) for \(language ?? "any language")")
        }
        return candidates
    }
}

extension FontSelector {
    /// The faces of a sorted set, in order: the patterns already name the file, face index,
    /// family and characters.
    fileprivate static func candidates(_ set: UnsafeMutablePointer<FcFontSet>) -> [FontCandidate] {
        (0..<Int(set.pointee.nfont)).compactMap { i in
            guard let font = set.pointee.fonts[i], let file = font.string(burn_fc_file()),
                let family = font.string(burn_fc_family())
            else { return nil }
            var index: Int32 = 0
            FcPatternGetInteger(font, burn_fc_index(), 0, &index)
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, burn_fc_charset(), 0, &charset) == FcResultMatch, let charset else {
                return nil
            }
            return FontCandidate(
                file: FontFile(path: file, index: Int(index), family: family), coverage: CharacterCoverage(charset))
        }
    }
}

/// A face fontconfig offers, with what it covers.
public struct FontCandidate {
    public var file: FontFile
    public var coverage: CharacterCoverage
}

/// The characters a face covers (a fontconfig character set, shared by reference).
public final class CharacterCoverage {
    private let charset: OpaquePointer  // FcCharSet*

    /// Takes a reference to `charset`.
    init(_ charset: OpaquePointer) { self.charset = FcCharSetCopy(charset) }

    deinit { FcCharSetDestroy(charset) }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { FcCharSetHasChar(charset, scalar.value) == FcTrue }
}

extension OpaquePointer {
    /// The first string value of a fontconfig pattern property.
    fileprivate func string(_ property: UnsafePointer<CChar>) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(self, property, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}

/// FcPatternAddString takes FcChar8 strings.
private func FcPatternAddString(_ pattern: OpaquePointer, _ property: UnsafePointer<CChar>, _ value: String) {
    value.withCString { text in
        text.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { bytes in
            _ = CFontconfig.FcPatternAddString(pattern, property, bytes)
        }
    }
}

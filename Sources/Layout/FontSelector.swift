import CFontconfig
import Foundation

/// Chooses font files through fontconfig, loading only the given configuration file
/// (the project's `Fonts.conf`), never the user's own font setup.
public final class FontSelector {
    private let config: OpaquePointer  // FcConfig*
    public let configFile: URL

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

    deinit { FcConfigDestroy(config) }

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
        var candidates: [FontCandidate] = []
        // The sorted patterns already name the file, face index, family and characters.
        for i in 0..<Int(set.pointee.nfont) where candidates.count < limit {
            guard let font = set.pointee.fonts[i], let file = font.string(burn_fc_file()) else { continue }
            var index: Int32 = 0
            FcPatternGetInteger(font, burn_fc_index(), 0, &index)
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, burn_fc_charset(), 0, &charset) == FcResultMatch, let charset else {
                continue
            }
            candidates.append(
                FontCandidate(
                    file: FontFile(path: file, index: Int(index), family: font.string(burn_fc_family()) ?? family),
                    coverage: CharacterCoverage(charset)))
        }
        if candidates.isEmpty {
            throw FontError.noMatch("\(family) weight \(weight) for \(language ?? "any language")")
        }
        return candidates
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

import Foundation

/// One caption of the shared test cases (`Tests/Cases/captions.json`): what to lay out, how
/// to render it for the golden images, and which suites use it.
public struct CaptionCase: Sendable, Equatable {
    /// The suites a case belongs to.
    public enum Suite: String, Sendable, CaseIterable {
        /// The layout goldens (`layout.txt`, in the file's order), the presets' safe areas and LayoutBench.
        case layout
        /// The golden images (`Tests/Golden/Cases/<imageName>.png`).
        case image
        /// A seed of the layout fuzz target and nothing else (every case is a seed).
        case fuzz
    }

    /// How the golden image changes the preset's look.
    public enum Style: Sendable, Equatable {
        case preset
        /// The outline radius, times the font size.
        case outline(radius: Double)
        case shadow
        case box
    }

    /// What the golden image draws the caption on.
    public enum Background: Sendable, Equatable {
        /// Grey with translucent colour bars, at half the preset's reference size.
        case bars
        /// The first frame at or after `seconds` of `Samples/<file>`.
        case video(file: String, seconds: Double)
    }

    /// Unique within each suite; `layout.txt` shows it as it is.
    public var name: String
    /// BCP-47; nil lets the engine guess from the text.
    public var language: String?
    public var text: String
    /// The preset's name (`Presets/<preset>.json`).
    public var preset: String
    public var style: Style
    public var background: Background
    public var suites: Set<Suite>

    public init(
        name: String, language: String?, text: String, preset: String = "tiktok", style: Style = .preset,
        background: Background = .bars, suites: Set<Suite>
    ) {
        self.name = name
        self.language = language
        self.text = text
        self.preset = preset
        self.style = style
        self.background = background
        self.suites = suites
    }

    /// The golden image's file name without `.png`: the name in lower case, spaces as hyphens.
    public var imageName: String { name.lowercased().replacingOccurrences(of: " ", with: "-") }
}

extension CaptionCase: Decodable {
    private enum Key: String, CodingKey, CaseIterable {
        case name, language, text, preset, style, outlineRadius, video, videoSeconds, suites
    }

    /// Decodes one object of the file; a field it does not know, a style it does not know or a
    /// half-given style or background is an error, so a misspelling cannot pass as a default.
    public init(from decoder: Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        func problem(_ key: Key?, _ message: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: fields.codingPath + (key.map { [$0] } ?? []), debugDescription: message))
        }
        let given = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        if let unknown = given.first(where: { Key(rawValue: $0) == nil }) {
            let known = Key.allCases.map(\.rawValue).joined(separator: ", ")
            throw problem(nil, "unknown field \"\(unknown)\" (known: \(known))")
        }
        name = try fields.decode(String.self, forKey: .name)
        language = try fields.decodeIfPresent(String.self, forKey: .language)
        text = try fields.decode(String.self, forKey: .text)
        preset = try fields.decodeIfPresent(String.self, forKey: .preset) ?? "tiktok"

        let styleName = try fields.decodeIfPresent(String.self, forKey: .style) ?? "preset"
        switch (styleName, try fields.decodeIfPresent(Double.self, forKey: .outlineRadius)) {
        case ("outline", let radius?): style = .outline(radius: radius)
        case ("outline", nil): throw problem(.style, "style outline without outlineRadius")
        case (_, _?): throw problem(.outlineRadius, "outlineRadius without style outline")
        case ("preset", nil): style = .preset
        case ("shadow", nil): style = .shadow
        case ("box", nil): style = .box
        default: throw problem(.style, "unknown style \"\(styleName)\" (known: preset, outline, shadow, box)")
        }

        let video = try fields.decodeIfPresent(String.self, forKey: .video)
        switch (video, try fields.decodeIfPresent(Double.self, forKey: .videoSeconds)) {
        case (nil, nil): background = .bars
        case (let file?, let seconds?): background = .video(file: file, seconds: seconds)
        default: throw problem(.video, "video and videoSeconds go together")
        }

        var suites: Set<Suite> = []
        for name in try fields.decode([String].self, forKey: .suites) {
            guard let suite = Suite(rawValue: name) else {
                let known = Suite.allCases.map(\.rawValue).joined(separator: ", ")
                throw problem(.suites, "unknown suite \"\(name)\" (known: \(known))")
            }
            suites.insert(suite)
        }
        guard !suites.isEmpty else { throw problem(.suites, "a case without a suite") }
        self.suites = suites
    }

    /// Any field name, to find the ones `Key` does not know.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

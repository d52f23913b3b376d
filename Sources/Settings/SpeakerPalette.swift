import Captions
import Imaging

/// The fills of a preset's or look's speakers (`"speakers": {"colors": [...]}`): the first
/// speaker to appear takes the first colour, the next new one the second, and so on, round
/// again past the last. A speaker keeps their colour for the whole video.
public struct SpeakerPalette: Sendable, Equatable, Codable {
    public var colors: [RGBAColor]

    public init(colors: [RGBAColor]) { self.colors = colors }

    /// The most colours a palette may hold.
    static let maximumColors = 64

    /// `speakers.colors: message` when the palette is empty or too long.
    func problem() -> String? {
        (1...Self.maximumColors).contains(colors.count)
            ? nil : "speakers.colors: must hold 1 to \(Self.maximumColors) colours (\"#RRGGBB\" or \"#RRGGBBAA\")"
    }

    /// Each speaker of `captions` (in time order) with their colour, by first appearance;
    /// captions without a speaker take none.
    public func assign(_ captions: [Caption]) -> [String: RGBAColor] {
        var assigned: [String: RGBAColor] = [:]
        for caption in captions {
            guard let speaker = caption.speaker, assigned[speaker] == nil else { continue }
            assigned[speaker] = colors[assigned.count % colors.count]
        }
        return assigned
    }
}

/// Where in the safe area a caption's block goes, when its file says (SubRip's `{\an8}`):
/// the preset's anchor is the bottom place.
public enum CaptionPosition: String, Sendable, Equatable, CaseIterable {
    /// In screen order, top to bottom.
    case top, middle, bottom

    /// The place an ASS `\anN` alignment (numpad layout: 1-3 bottom, 4-6 middle, 7-9 top) names.
    public init?(assAlignment n: Int) {
        switch n {
        case 1...3: self = .bottom
        case 4...6: self = .middle
        case 7...9: self = .top
        default: return nil
        }
    }
}

/// How an Advanced SubStation Alpha export shows its captions: the video's size, one style
/// (font, colours, outline) and where the caption block's centre stands. Text is written as
/// it is: a caller that wants capitals transforms the captions first.
public struct ASSStyle: Sendable, Equatable {
    /// A colour, 8 bits a channel, alpha 255 opaque (the channels of Imaging's `RGBAColor`,
    /// which CaptionFiles does not depend on).
    public struct Color: Sendable, Equatable {
        /// `0xRRGGBBAA`.
        public var rgba: UInt32

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            rgba = UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
        }

        /// ASS's `&HAABBGGRR`, whose alpha counts transparency (`00` is opaque).
        public var assValue: String {
            let red = rgba >> 24
            let green = rgba >> 16 & 0xFF
            let blue = rgba >> 8 & 0xFF
            let transparency = 255 - rgba & 0xFF
            let digits = String(transparency << 24 | blue << 16 | green << 8 | red, radix: 16, uppercase: true)
            return "&H" + String(repeating: "0", count: 8 - digits.count) + digits
        }
    }

    public var playResX: Int  // pixels, the video's width
    public var playResY: Int  // pixels, the video's height
    public var fontName: String
    public var fontSize: Double  // pixels
    public var bold: Bool
    /// The colour of spoken words (karaoke fills a word with it when it starts), and of all
    /// text without karaoke.
    public var primary: Color
    /// The colour of words not yet spoken (karaoke).
    public var secondary: Color
    public var outline: Color
    /// The shadow's colour.
    public var back: Color
    public var outlineWidth: Double  // pixels
    public var anchorX: Double  // pixels, the centre of the caption block
    public var anchorY: Double  // pixels, the centre of the caption block
    public var marginL: Int  // pixels
    public var marginR: Int  // pixels
    /// Words fill with `primary` as they are spoken (`\k`).
    public var karaoke: Bool

    public init(
        playResX: Int, playResY: Int, fontName: String = "Noto Sans", fontSize: Double, bold: Bool = true,
        primary: Color = Color(red: 255, green: 255, blue: 255),
        secondary: Color = Color(red: 160, green: 160, blue: 160),
        outline: Color = Color(red: 0, green: 0, blue: 0), back: Color = Color(red: 0, green: 0, blue: 0, alpha: 0),
        outlineWidth: Double, anchorX: Double, anchorY: Double, marginL: Int = 0, marginR: Int = 0,
        karaoke: Bool = true
    ) {
        self.playResX = playResX
        self.playResY = playResY
        self.fontName = fontName
        self.fontSize = fontSize
        self.bold = bold
        self.primary = primary
        self.secondary = secondary
        self.outline = outline
        self.back = back
        self.outlineWidth = outlineWidth
        self.anchorX = anchorX
        self.anchorY = anchorY
        self.marginL = marginL
        self.marginR = marginR
        self.karaoke = karaoke
    }
}

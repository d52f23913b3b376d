import CaptionFiles
import Captions
import Imaging
import Raster

extension PreparedBurn {
    /// How an `.ass` export shows the captions as this burn draws them: the video's size, the
    /// preset's font, size, outline and anchor, the safe area's sides as margins, and the
    /// look's colours: words still to come in the upcoming colour (transparent when the look
    /// reveals them), filled with the spoken word's colour at their `\k` time.
    var assStyle: ASSStyle {
        let wordLook = look.wordLook(preset: preset, fontSize: style.size)
        let upcoming = wordLook?.upcoming
        let fill = wordLook?.active.fill ?? preset.fill
        var secondary = upcoming?.fill ?? preset.fill
        if upcoming?.visible == false { secondary.alpha = 0 }
        return ASSStyle(
            playResX: info.width, playResY: info.height, fontName: style.family, fontSize: style.size,
            bold: style.weight >= 600, primary: Self.assColor(fill), secondary: Self.assColor(secondary),
            outline: Self.assColor(wordLook?.active.outline ?? preset.outline.color),
            back: ASSStyle.Color(red: 0, green: 0, blue: 0, alpha: 0), outlineWidth: preset.outline.radius * style.size,
            anchorX: style.anchorX, anchorY: style.anchorY, marginL: Int(style.safeArea.x.rounded()),
            marginR: Int((Double(info.width) - style.safeArea.maxX).rounded()), karaoke: true)
    }

    private static func assColor(_ color: RGBAColor) -> ASSStyle.Color {
        ASSStyle.Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

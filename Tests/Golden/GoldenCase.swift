import Foundation

/// One golden-image case: a caption rendered by a preset into a fixed synthetic frame (or a
/// frame of a sample video), compared with `Cases/<name>.png`.
struct GoldenCase {
    enum Background {
        case bars  // grey with translucent colour bars: exercises luma and chroma
        case video(String, at: Double)  // a frame of Samples/<file>
    }
    enum Style {
        case preset
        case outline(Double)  // outline radius, times the font size
        case shadow
        case box
    }

    var name: String
    var text: String
    var language: String
    var preset: String = "tiktok"
    var style: Style = .preset
    var background: Background = .bars

    /// Frame size: half the preset's reference size (keeps the PNGs small). // pixels
    func frameSize(referenceWidth: Double, referenceHeight: Double) -> (width: Int, height: Int) {
        (Int(referenceWidth) / 2, Int(referenceHeight) / 2)
    }

    static let all: [GoldenCase] = [
        GoldenCase(name: "en-us", text: "Captions that look right on every platform", language: "en-US"),
        GoldenCase(name: "en-gb", text: "Colour and flavour, whilst travelling through Edinburgh", language: "en-GB"),
        GoldenCase(name: "de-de", text: "Untertitel, die auf jeder Plattform gut aussehen: Größe", language: "de-DE"),
        GoldenCase(name: "es-es", text: "¿Dónde están los subtítulos? ¡Aquí!", language: "es-ES"),
        GoldenCase(name: "fr-fr", text: "Des sous-titres élégants et lisibles", language: "fr-FR"),
        GoldenCase(name: "hi-in", text: "हर प्लेटफ़ॉर्म पर सही दिखने वाले कैप्शन", language: "hi-IN"),
        GoldenCase(name: "hu-hu", text: "Feliratok, amelyek jól néznek ki", language: "hu-HU"),
        GoldenCase(name: "it-it", text: "Sottotitoli che stanno bene ovunque", language: "it-IT"),
        GoldenCase(name: "ja-jp", text: "字幕を動画に焼き込むツールです", language: "ja-JP"),
        GoldenCase(name: "ko-kr", text: "모든 플랫폼에서 보기 좋은 자막입니다", language: "ko-KR"),
        GoldenCase(name: "lt-lt", text: "Subtitrai, kurie gražiai atrodo", language: "lt-LT"),
        GoldenCase(name: "ms-my", text: "Sari kata yang kelihatan baik", language: "ms-MY"),
        GoldenCase(name: "nl-nl", text: "Ondertitels die er goed uitzien", language: "nl-NL"),
        GoldenCase(name: "pt-pt", text: "Legendas que ficam bem em todas as plataformas", language: "pt-PT"),
        GoldenCase(name: "ru-ru", text: "Субтитры, которые хорошо выглядят", language: "ru-RU"),
        GoldenCase(name: "sv-se", text: "Undertexter som ser bra ut på mobilen", language: "sv-SE"),
        GoldenCase(name: "tr-tr", text: "Her platformda doğru görünen altyazılar", language: "tr-TR"),
        GoldenCase(name: "zh", text: "我们今天讨论视频字幕的重要性", language: "zh"),
        GoldenCase(name: "zh-tw", text: "我們今天討論影片字幕的重要性", language: "zh-TW"),
        GoldenCase(name: "vi", text: "Phụ đề hiển thị đẹp trên mọi nền tảng", language: "vi"),
        GoldenCase(name: "th", text: "คำบรรยายที่ดูดีบนทุกแพลตฟอร์ม", language: "th"),
        GoldenCase(name: "ar", text: "ترجمات تبدو جميلة على كل منصة", language: "ar"),
        GoldenCase(name: "numbers", text: "Save 5% on $20, 3.5 stars at 10:30", language: "en"),
        GoldenCase(name: "currency", text: "€5, £3, ¥100 and 25°C #1 @home 1/2", language: "en"),
        GoldenCase(name: "mixed-script", text: "我有一部iPhone 15，非常好用", language: "zh"),
        GoldenCase(name: "emoji", text: "Let's go 🎉🚀 see you there 👋", language: "en"),
        GoldenCase(name: "shrink", text: "Captions that shrink a little so that they still fit in two lines", language: "en"),
        GoldenCase(name: "balance", text: "This caption is just long enough to need two lines", language: "en"),
        GoldenCase(name: "unbreakable-word", text: "Pneumonoultramicroscopicsilicovolcanoconiosis", language: "en"),
        GoldenCase(name: "preset-tiktok", text: "Where the caption sits", language: "en", preset: "tiktok"),
        GoldenCase(name: "preset-reels", text: "Where the caption sits", language: "en", preset: "reels"),
        GoldenCase(name: "preset-shorts", text: "Where the caption sits", language: "en", preset: "shorts"),
        GoldenCase(name: "preset-youtube", text: "Where the caption sits", language: "en", preset: "youtube"),
        GoldenCase(name: "preset-default", text: "Where the caption sits", language: "en", preset: "default"),
        GoldenCase(name: "outline-wide", text: "A wider outline", language: "en", style: .outline(0.15)),
        GoldenCase(name: "outline-none", text: "No outline at all", language: "en", style: .outline(0)),
        GoldenCase(name: "shadow", text: "With a drop shadow", language: "en", style: .shadow),
        GoldenCase(name: "box", text: "On a background box", language: "en", style: .box),
        GoldenCase(
            name: "phone-10bit-rotated", text: "Upright on a phone clip", language: "en",
            background: .video("phone-hevc10-rot90.mp4", at: 0.5)),
    ]
}

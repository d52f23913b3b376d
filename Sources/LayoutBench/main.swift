import Captions
import Foundation
import Layout

// Lays out a mix of captions many times and prints the mean cost of one layout.
// Run with `make bench-layout` (a release build); not a test: timings vary by machine.

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let engine = try LayoutEngine(fontsConf: root.appendingPathComponent("Fonts.conf"))
let style = TextStyle(
    family: "Noto Sans", weight: 700, size: 64, minimumSize: 40,
    safeArea: Rect(x: 120, y: 240, width: 768, height: 1200), anchorX: 504, anchorY: 1152, outlineRadius: 0.09)
let captions: [(String, String)] = [
    ("en", "Captions that look right on every platform"), ("de", "Untertitel, die auf jeder Plattform gut aussehen"),
    ("ja", "字幕を動画に焼き込むツールです"), ("zh", "我们今天讨论视频字幕的重要性和排版"),
    ("ko", "모든 플랫폼에서 보기 좋은 자막입니다"), ("th", "คำบรรยายที่ดูดีบนทุกแพลตฟอร์มโซเชียลมีเดีย"),
    ("ar", "ترجمات تبدو جميلة على كل منصة"), ("hi", "हर प्लेटफ़ॉर्म पर सही दिखने वाले कैप्शन"),
    ("en", "Save 5% on $20, 3.5 stars, 1,000 fans at 10:30"), ("en", "Let's go 🎉🚀 see you there 👋"),
    ("en", "A very long caption that cannot fit on two lines at the preset size so it has to shrink down"),
]
// Warm up: fonts opened and fontconfig's fallbacks sorted once per language, as in a render.
for (language, text) in captions { _ = try engine.layout(Caption(text: text, start: 0, end: 1, language: language), style: style) }
let rounds = 200
let clock = ContinuousClock()
var worst = Duration.zero
let total = try clock.measure {
    for _ in 0..<rounds {
        for (language, text) in captions {
            let one = try clock.measure {
                _ = try engine.layout(Caption(text: text, start: 0, end: 1, language: language), style: style)
            }
            worst = max(worst, one)
        }
    }
}
let count = Double(rounds * captions.count)
let mean = Double(total.components.seconds) * 1000 + Double(total.components.attoseconds) / 1e15
print(String(format: "layout: %.3f ms per caption (mean of %d), worst %@", mean / count, Int(count), "\(worst)"))

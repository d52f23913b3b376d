import Imaging
import Layout
import XCTest

@testable import Raster

/// A static look is the look with one state, drawn by the state painter as every look is:
/// its bitmap is, byte for byte, the caption drawn whole from the lower-level pieces (the
/// whole text's coverage, its shape dilated once, fill over outline, colour glyphs, then the
/// shadows and box under it).
final class StillLookTests: XCTestCase {
    /// The caption as the static path has always drawn it, from the pieces.
    private func reference(_ caption: LaidOutCaption, style: RasterStyle, faces: FaceCache) throws -> CaptionBitmap? {
        let padding = Int((style.outlineRadius + 0.5).rounded(.up)) + 1
        guard let layers = try GlyphRenderer.layers(for: caption, padding: padding, faces: faces) else { return nil }
        let outline =
            style.outlineRadius > 0
            ? Dilation.dilate(layers.shape, radius: style.outlineRadius)
            : CoverageMask(width: layers.text.width, height: layers.text.height)
        var text = ColorLayer(
            width: layers.text.width, height: layers.text.height,
            pixels: FillOverOutline.pixels(fill: layers.text, outline: outline, fillColor: style.fill, outlineColor: style.outline))
        if let color = layers.color { text.draw(color, x: 0, y: 0) }
        guard !style.shadows.isEmpty || style.box != nil else {
            return CaptionBitmap(x: layers.x, y: layers.y, width: text.width, height: text.height, pixels: text.pixels)
        }
        var underlay = Underlay(
            textX: layers.x, textY: layers.y, width: text.width, height: text.height, frame: caption.frame, style: style)
        underlay.redraw(from: text)
        return underlay.captionBitmap
    }

    func testAOneStateLookDrawsTheCaptionAsTheStaticPathDid() throws {
        let red = RGBAColor(red: 255, green: 0, blue: 0, alpha: 200)
        var shadowed = RasterStyle(fill: .white, outline: .black, outlineRadius: 2.5)
        shadowed.shadows = [RasterStyle.Shadow(color: red, offsetX: 3, offsetY: 3, blur: 2)]
        var boxed = shadowed
        boxed.box = RasterStyle.Box(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 150), padding: 10, cornerRadius: 6)
        let styles = [
            RasterStyle(fill: .white, outline: .black, outlineRadius: 3),
            RasterStyle(fill: RGBAColor(red: 255, green: 220, blue: 0), outline: .black, outlineRadius: 0), shadowed, boxed,
        ]
        let captions = [
            try RasterTestSupport.layout("Overlapping outlines: fly, affix, 'quote'", size: 44, width: 400),
            try RasterTestSupport.layout("Party 🎉 time 永", size: 40, anchorX: 320.3),
            try RasterTestSupport.layout("مرحبا بالعالم", size: 40, language: "ar"),
        ]
        let faces = try FaceCache()
        for caption in captions {
            for style in styles {
                let expected = try XCTUnwrap(reference(caption, style: style, faces: faces))
                XCTAssertEqual(try Rasterizer.render(caption, style: style, faces: faces), expected)
                let painter = StatePainter(caption, look: .still(style), style: style, faces: faces, emphasized: [0], labels: [1])
                XCTAssertEqual(try painter.bitmap(.still), expected)
                XCTAssertEqual(try painter.bitmap(WordState(active: 1, growth: 3)), expected, "every state is the one state")
                XCTAssertEqual(painter.rasterized, 1, "the caption is one layer, rasterized once")
            }
        }
    }

    func testACaptionThatDrawsNothingHasNoBitmap() throws {
        let caption = try RasterTestSupport.layout(" ", size: 40)
        let style = RasterStyle(fill: .white, outline: .black, outlineRadius: 3)
        XCTAssertNil(try reference(caption, style: style, faces: try FaceCache()))
        XCTAssertNil(try Rasterizer.render(caption, style: style, faces: try FaceCache()))
    }
}

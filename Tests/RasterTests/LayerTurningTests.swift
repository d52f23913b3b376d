import Foundation
import XCTest

@testable import Raster

/// The spoken word's tilt: `ColorLayer.turned` moves every pixel about the centre as a turn
/// and a scale do, and keeps the layer's weight.
final class LayerTurningTests: XCTestCase {
    /// A layer with an opaque bar and a soft corner, so that a turn shows.
    private func bar() -> ColorLayer {
        var layer = ColorLayer(width: 40, height: 12)
        for y in 2..<10 {
            for x in 3..<37 {
                let alpha: UInt8 = x < 30 ? 255 : 120
                layer.pixels.replaceSubrange(((y * 40 + x) * 4)..<((y * 40 + x) * 4 + 4), with: [alpha, 0, 0, alpha])
            }
        }
        return layer
    }

    /// The alpha's total and its centre in frame pixels.
    private func weight(_ layer: ColorLayer, x: Int, y: Int) -> (sum: Double, x: Double, y: Double) {
        var (sum, sx, sy) = (0.0, 0.0, 0.0)
        for row in 0..<layer.height {
            for column in 0..<layer.width {
                let a = Double(layer.alpha(x: column, y: row))
                (sum, sx, sy) = (sum + a, sx + a * (Double(x + column) + 0.5), sy + a * (Double(y + row) + 0.5))
            }
        }
        return (sum, sx / sum, sy / sum)
    }

    func testNoTurnGivesEveryPixelBack() {
        let layer = bar()
        let same = layer.turned(x: 100, y: 50, factor: 1, degrees: 0, centreX: 117.3, centreY: 55.9)
        for row in 0..<layer.height {
            for column in 0..<layer.width {
                let at = ((row + 50 - same.y) * same.layer.width + column + 100 - same.x) * 4
                XCTAssertEqual(Array(same.layer.pixels[at..<(at + 4)]), Array(layer.pixels[((row * 40 + column) * 4)..<((row * 40 + column) * 4 + 4)]))
            }
        }
    }

    func testATurnMovesTheCentreAndKeepsTheWeight() {
        let layer = bar()
        let before = weight(layer, x: 100, y: 50)
        for (degrees, factor) in [(-8.0, 1.0), (5.0, 0.8), (30.0, 1.0), (90.0, 1.0), (-3.0, 0.6)] {
            let (centreX, centreY) = (120.0, 56.0)
            let turned = layer.turned(x: 100, y: 50, factor: factor, degrees: degrees, centreX: centreX, centreY: centreY)
            let after = weight(turned.layer, x: turned.x, y: turned.y)
            let angle = degrees * .pi / 180
            let (dx, dy) = (before.x - centreX, before.y - centreY)
            let expected = (centreX + factor * (dx * cos(angle) - dy * sin(angle)), centreY + factor * (dx * sin(angle) + dy * cos(angle)))
            XCTAssertEqual(after.x, expected.0, accuracy: 0.3, "\(degrees)°")
            XCTAssertEqual(after.y, expected.1, accuracy: 0.3, "\(degrees)°")
            XCTAssertEqual(after.sum, before.sum * factor * factor, accuracy: before.sum * factor * factor * 0.02, "\(degrees)° x\(factor)")
        }
    }
}

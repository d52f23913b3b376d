import XCTest

@testable import Raster

/// The fast dilation (flat maxima for the disc's inside, the rim spread from edge pixels)
/// gives exactly what its definition gives: every pixel the largest
/// `(source * weight + 127) / 255` over the disc's offsets.
final class DilationTests: XCTestCase {
    static func definition(_ mask: CoverageMask, radius: Double) -> CoverageMask {
        let reach = Int((radius + 0.5).rounded(.up))
        var out = mask
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                var best: UInt32 = 0
                for dy in -reach...reach {
                    for dx in -reach...reach {
                        let sx = x - dx
                        let sy = y - dy
                        guard sx >= 0, sy >= 0, sx < mask.width, sy < mask.height else { continue }
                        let w = Dilation.weight(distance: Double(dx * dx + dy * dy).squareRoot(), radius: radius)
                        let weight = UInt32((w * 255).rounded())
                        best = max(best, (UInt32(mask.values[sy * mask.width + sx]) * weight + 127) / 255)
                    }
                }
                out.values[y * mask.width + x] = UInt8(max(best, UInt32(mask.values[y * mask.width + x])))
            }
        }
        return out
    }

    func testMatchesTheDefinitionOnRandomShapes() {
        var random = SystemRandomNumberGenerator()
        for (radius, size) in [(0.3, 9), (0.5, 12), (1.0, 17), (2.6, 23), (5.76, 41), (7.2, 30)] {
            var mask = CoverageMask(width: size + 3, height: size)
            // Solid blobs with soft edges, thin strokes and isolated grey pixels.
            for _ in 0..<6 {
                let cx = Int.random(in: 0..<mask.width, using: &random)
                let cy = Int.random(in: 0..<mask.height, using: &random)
                let r = Double.random(in: 0.5...Double(size) / 3, using: &random)
                for y in 0..<mask.height {
                    for x in 0..<mask.width {
                        let d = (Double((x - cx) * (x - cx) + (y - cy) * (y - cy))).squareRoot()
                        let value = UInt8(min(255, max(0, (r - d + 0.5) * 255)))
                        mask.values[y * mask.width + x] = max(mask.values[y * mask.width + x], value)
                    }
                }
            }
            for _ in 0..<8 {
                mask.values[Int.random(in: 0..<mask.values.count, using: &random)] = UInt8.random(in: 1...255, using: &random)
            }
            XCTAssertEqual(Dilation.dilate(mask, radius: radius), Self.definition(mask, radius: radius), "radius \(radius)")
        }
    }

    func testAOneByOneMaskAndAnEmptyOne() {
        var dot = CoverageMask(width: 1, height: 1)
        dot.values[0] = 200
        XCTAssertEqual(Dilation.dilate(dot, radius: 3).values, [200])
        let empty = CoverageMask(width: 5, height: 4)
        XCTAssertEqual(Dilation.dilate(empty, radius: 2), empty)
    }
}

import Media

/// Reads a video's frames upright, as a player shows them, as luma planes: for tests that look at pixels.
public final class FrameReader {
    private let pictures: PictureReader

    public init(path: String) throws { pictures = try PictureReader(path: path) }

    /// Upright size. // pixels
    public var width: Int { pictures.width }
    public var height: Int { pictures.height }

    /// Calls `body` with each frame's time (seconds) and luma until it returns false.
    public func forEachFrame(_ body: (Double, LumaPlane) throws -> Bool) throws {
        try pictures.forEachPicture { picture in try body(picture.time, Self.luma(picture)) }
    }

    /// The luma plane in 8 bits (10-bit samples rounded to the nearest 8-bit value).
    static func luma(_ picture: DecodedPicture) -> LumaPlane {
        let width = picture.width
        var values = [UInt8](repeating: 0, count: width * picture.height)
        for row in 0..<picture.height {
            picture.withLumaRow(row) { bytes in
                if picture.bitDepth > 8 {
                    bytes.withMemoryRebound(to: UInt16.self) { samples in
                        for column in 0..<width {
                            values[row * width + column] = UInt8(min(255, (Int(UInt16(littleEndian: samples[column])) + 2) >> 2))
                        }
                    }
                } else {
                    for column in 0..<width { values[row * width + column] = bytes[column] }
                }
            }
        }
        return LumaPlane(width: width, height: picture.height, values: values)
    }
}

import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// The light a video's signal stands for: standard range, or HDR with the hybrid log-gamma
/// (HLG, ARIB STD-B67) or perceptual quantizer (PQ, SMPTE ST 2084) transfer. Captions are
/// drawn in sRGB; in HDR they are placed as ITU-R BT.2408 places graphics: `#FFFFFF` is
/// graphics white, 203 cd/m², not the signal's peak.
public enum DynamicRange: String, Sendable {
    case sdr, hlg, pq

    /// The range a transfer tag names; anything but HLG and PQ is standard range.
    init(transfer: AVColorTransferCharacteristic) {
        // H.273's codes (Swift does not import these two enumerators: each has an alias).
        switch transfer.rawValue {
        case 18: self = .hlg  // AVCOL_TRC_ARIB_STD_B67
        case 16: self = .pq  // AVCOL_TRC_SMPTE2084
        default: self = .sdr
        }
    }

    public var isHDR: Bool { self != .sdr }

    /// Graphics white, BT.2408's reference for captions and other overlays. // cd/m²
    public static let graphicsWhite = 203.0
    /// The display an HLG signal is referred to (BT.2100's nominal peak). // cd/m²
    static let hlgDisplayPeak = 1000.0
    /// The HLG system gamma at that peak.
    static let hlgSystemGamma = 1.2

    /// The signal (R'G'B' in BT.2020 primaries, 0...1) for an sRGB colour (each component
    /// 0...1, as a preset writes it): unchanged in standard range; in HDR its display light
    /// is scaled so that white is `graphicsWhite`, moved from BT.709 to BT.2020 primaries,
    /// and encoded with the HLG or PQ transfer.
    public func signal(sRGB red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        guard isHDR else { return (red, green, blue) }
        let linear = (Self.sRGBToLinear(red), Self.sRGBToLinear(green), Self.sRGBToLinear(blue))
        // BT.709 to BT.2020 primaries, linear light (ITU-R BT.2087).
        let r = 0.627_404 * linear.0 + 0.329_283 * linear.1 + 0.043_313 * linear.2
        let g = 0.069_097 * linear.0 + 0.919_540 * linear.1 + 0.011_362 * linear.2
        let b = 0.016_391 * linear.0 + 0.088_013 * linear.1 + 0.895_595 * linear.2
        let nits = (r * Self.graphicsWhite, g * Self.graphicsWhite, b * Self.graphicsWhite)
        switch self {
        case .pq:
            return (Self.pq(nits.0), Self.pq(nits.1), Self.pq(nits.2))
        case .hlg:
            // Display light back to scene light (HLG's inverse OOTF), then the OETF.
            let display = (nits.0 / Self.hlgDisplayPeak, nits.1 / Self.hlgDisplayPeak, nits.2 / Self.hlgDisplayPeak)
            let luminance = 0.2627 * display.0 + 0.6780 * display.1 + 0.0593 * display.2
            guard luminance > 0 else { return (0, 0, 0) }
            let gain = pow(luminance, (1 - Self.hlgSystemGamma) / Self.hlgSystemGamma)
            return (Self.hlg(display.0 * gain), Self.hlg(display.1 * gain), Self.hlg(display.2 * gain))
        case .sdr:
            return (red, green, blue)
        }
    }

    /// The sRGB (IEC 61966-2-1) decoding: a component's linear light, 0...1.
    static func sRGBToLinear(_ value: Double) -> Double {
        value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// SMPTE ST 2084's inverse EOTF: the signal for a display light. // cd/m²
    static func pq(_ nits: Double) -> Double {
        let (m1, m2, c1, c2, c3) = (0.159_301_757_8, 78.843_75, 0.835_937_5, 18.851_562_5, 18.687_5)
        let y = pow(max(0, nits) / 10_000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    /// BT.2100's HLG OETF: the signal for a scene light, 0...1.
    static func hlg(_ light: Double) -> Double {
        let (a, b, c) = (0.178_832_77, 0.284_668_92, 0.559_910_73)
        let e = max(0, light)
        return e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
    }
}

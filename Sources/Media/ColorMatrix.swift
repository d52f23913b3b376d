import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The RGB -> YCbCr matrix of a video, from its tags (or its size when untagged).
public enum ColorMatrix: Sendable, Equatable {
    case bt601
    case bt709
    case bt2020

    /// Luma weights of red and blue.
    var coefficients: (kr: Double, kb: Double) {
        switch self {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        case .bt2020: return (0.2627, 0.0593)
        }
    }

    /// The matrix an AVColorSpace names; untagged video is BT.709 when HD, BT.601 when SD.
    init(_ space: AVColorSpace, width: Int, height: Int) {
        switch space {
        case AVCOL_SPC_BT709: self = .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: self = .bt601
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: self = .bt2020
        default: self = max(width, height) >= 1280 || min(width, height) >= 720 ? .bt709 : .bt601
        }
    }
}

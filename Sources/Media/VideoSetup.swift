import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// How the captioned video stream will be decoded, worked out from its header alone (no
/// decoder is opened): the stream, its clock, the steps that make each picture upright 8-bit
/// (or 10-bit) 4:2:0, and the size and colours that come out.
struct VideoSetup: Sendable {
    let streamIndex: Int32
    let timeBase: AVRational
    /// Frames per second as a fraction (the average, or 25 when the file does not say).
    let frameRate: AVRational
    let orientation: Orientation
    /// Filter steps from the stored picture to the upright one: crop, conversion, rotation
    /// (and tone mapping, for SDR from HDR).
    private(set) var steps: [FilterStep]
    /// The colour description of the frames delivered (after any conversion).
    private(set) var colors: ColorTags
    /// The frames' pixel format: yuv420p, or yuv420p10le for 10-bit 4:2:0 input (blended in 10 bits).
    private(set) var pixelFormat: AVPixelFormat
    /// The light the frames' signal stands for, from the transfer tag.
    var dynamicRange: DynamicRange { DynamicRange(transfer: colors.transfer) }
    /// An HDR input's mastering display and light levels, when it carries them.
    private(set) var hdrMetadata: HDRMetadata?
    /// A 4:2:2 or 4:4:4 input's own format (8 or 10-bit), which `keepingChroma` keeps.
    private let nativeFormat: AVPixelFormat?
    /// The steps without the conversion to 4:2:0: crop and rotation.
    private let stepsKeepingChroma: [FilterStep]
    let width: Int32  // upright // pixels
    let height: Int32
    /// The stored size when it was odd and one row or column was cropped (H.264 4:2:0 needs
    /// even sizes). // pixels
    let croppedFrom: (width: Int32, height: Int32)?

    /// Largest picture accepted: 8192 pixels a side and 8K UHD's area (35 megapixels). // pixels
    static let maximumSide: Int32 = 8192
    static let maximumArea = 8192 * 4320

    init(stream: UnsafeMutablePointer<AVStream>, path: String) throws {
        streamIndex = stream.pointee.index
        // The decoder is opened by the pass that decodes; the probe only makes sure there is one.
        _ = try CodecContext.decoder(for: stream.pointee.codecpar.pointee.codec_id, type: AVMEDIA_TYPE_VIDEO, file: path)
        timeBase = stream.pointee.time_base
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = rate.num > 0 && rate.den > 0 ? rate : AVRational(num: 25, den: 1)

        let parameters = stream.pointee.codecpar.pointee
        guard parameters.width > 0, parameters.height > 0 else {
            throw MediaError.unsupported(file: path, message: "video stream has no picture size")
        }
        guard parameters.width <= Self.maximumSide, parameters.height <= Self.maximumSide,
            Int(parameters.width) * Int(parameters.height) <= Self.maximumArea
        else {
            throw MediaError.unsupported(
                file: path,
                message: "the picture is \(parameters.width)x\(parameters.height), larger than 8K "
                    + "(at most \(Self.maximumSide) pixels a side and \(Self.maximumArea / 1_000_000) megapixels)")
        }
        var sideDataSize = 0
        let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &sideDataSize)
        orientation = Orientation(
            displayMatrix: matrix.flatMap {
                sideDataSize >= 36 ? UnsafeRawPointer($0).assumingMemoryBound(to: Int32.self) : nil
            })

        let format = AVPixelFormat(rawValue: parameters.format)
        let conversion = Conversion(
            format: format, space: parameters.color_space, range: parameters.color_range,
            width: Int(parameters.width), height: Int(parameters.height))
        colors = ColorTags(
            primaries: parameters.color_primaries, transfer: parameters.color_trc, space: conversion.outputSpace,
            range: conversion.outputRange)
        pixelFormat = conversion.outputFormat
        // An odd size loses its last column or row: 4:2:0 chroma covers 2x2 pixels.
        let even = (width: parameters.width & ~1, height: parameters.height & ~1)
        let crop =
            even == (parameters.width, parameters.height) ? [] : [FilterStep("crop", "w=\(even.width):h=\(even.height):x=0:y=0")]
        croppedFrom = crop.isEmpty ? nil : (parameters.width, parameters.height)
        guard even.width > 0, even.height > 0 else {
            throw MediaError.unsupported(file: path, message: "the picture is \(parameters.width)x\(parameters.height), too small")
        }
        steps = crop + conversion.steps + orientation.filters
        nativeFormat = conversion.native
        stepsKeepingChroma = crop + orientation.filters
        (width, height) = orientation.swapsDimensions ? (even.height, even.width) : (even.width, even.height)
        hdrMetadata = DynamicRange(transfer: parameters.color_trc).isHDR ? HDRMetadata.read(stream: stream, path: path) : nil
    }

    /// The same video with a 4:2:2 or 4:4:4 input (ProRes, DNxHR) kept at its own chroma
    /// resolution and depth, for a render that blends captions there; other inputs unchanged.
    func keepingChroma() -> VideoSetup {
        guard let nativeFormat else { return self }
        var copy = self
        copy.steps = stepsKeepingChroma
        copy.pixelFormat = nativeFormat
        return copy
    }

    /// Bits per sample of the frames delivered: 8, or 10.
    var bitDepth: Int { Self.bitDepth(pixelFormat) }

    /// 10 for the 10-bit formats frames are blended in, else 8.
    static func bitDepth(_ format: AVPixelFormat) -> Int {
        [AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_YUV422P10LE, AV_PIX_FMT_YUV444P10LE].contains(format) ? 10 : 8
    }

    /// The same video tone-mapped to SDR: after the other steps, zscale takes the picture to
    /// linear light (100 cd/m² as 1.0) and BT.709 primaries, tonemap compresses the
    /// highlights (Hable's curve, hue kept), and zscale encodes BT.709 8-bit 4:2:0, limited range.
    func toneMappedToSDR() -> VideoSetup {
        var copy = self
        copy.steps += [
            FilterStep("zscale", "t=linear:npl=100"), FilterStep("format", "pix_fmts=gbrpf32le"),
            FilterStep("zscale", "p=bt709"), FilterStep("tonemap", "tonemap=hable:desat=0"),
            FilterStep("zscale", "t=bt709:m=bt709:r=tv"), FilterStep("format", "pix_fmts=yuv420p"),
        ]
        copy.colors = ColorTags(primaries: AVCOL_PRI_BT709, transfer: AVCOL_TRC_BT709, space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        copy.pixelFormat = AV_PIX_FMT_YUV420P
        copy.hdrMetadata = nil
        return copy
    }
}

/// How decoded pictures become 8-bit yuv420p (10-bit yuv420p10le stays as it is), and the
/// colour tags that then describe them.
/// The scaler's range and matrix are pinned so the tags stay true: full-range stays full,
/// RGB gets the BT.709 (HD) or BT.601 (SD) matrix in limited range.
struct Conversion {
    var steps: [FilterStep]
    var outputFormat = AV_PIX_FMT_YUV420P
    var outputSpace: AVColorSpace
    var outputRange: AVColorRange
    /// A 4:2:2 or 4:4:4 format (8 or 10-bit) the render may keep instead (`VideoSetup.keepingChroma`).
    var native: AVPixelFormat?

    static let nativeFormats: Set<Int32> = [
        AV_PIX_FMT_YUV422P.rawValue, AV_PIX_FMT_YUV444P.rawValue, AV_PIX_FMT_YUV422P10LE.rawValue,
        AV_PIX_FMT_YUV444P10LE.rawValue,
    ]

    static let fullRangeFormats: Set<Int32> = [
        AV_PIX_FMT_YUVJ420P.rawValue, AV_PIX_FMT_YUVJ422P.rawValue, AV_PIX_FMT_YUVJ444P.rawValue,
        AV_PIX_FMT_YUVJ440P.rawValue, AV_PIX_FMT_YUVJ411P.rawValue,
    ]

    init(format: AVPixelFormat, space: AVColorSpace, range: AVColorRange, width: Int, height: Int) {
        let isRGB = av_pix_fmt_desc_get(format).map { $0.pointee.flags & burn_av_pix_fmt_flag_rgb() != 0 } ?? false
        if isRGB {
            let hd = ColorMatrix(AVCOL_SPC_UNSPECIFIED, width: width, height: height) == .bt709
            outputSpace = hd ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
            outputRange = AVCOL_RANGE_MPEG
            steps = [
                FilterStep("scale", "out_range=tv:out_color_matrix=\(hd ? "bt709" : "bt601")"),
                FilterStep("format", "pix_fmts=yuv420p"),
            ]
            return
        }
        let full = Self.fullRangeFormats.contains(format.rawValue) || range == AVCOL_RANGE_JPEG
        outputSpace = space
        outputRange = full ? AVCOL_RANGE_JPEG : range
        if format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P {
            steps = []
        } else if format == AV_PIX_FMT_YUV420P10LE {
            // Blended in its own 10 bits; converted to 8 bits only for the encoder.
            steps = []
            outputFormat = format
        } else {
            if Self.nativeFormats.contains(format.rawValue) { native = format }
            let levels = full ? "pc" : "tv"
            steps = [
                FilterStep("scale", "in_range=\(levels):out_range=\(levels)"), FilterStep("format", "pix_fmts=yuv420p"),
            ]
        }
    }
}

import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// Why a video could not be read, transformed or written. Every FFmpeg return code
/// goes through `MediaError.check`, which names the file (nil: the work has no file, as a
/// picture made in memory) and the operation.
public enum MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    case noVideoStream(file: String)
    case unsupported(file: String?, message: String)
    case ffmpeg(file: String?, operation: String, code: Int32, message: String)
    case cancelled

    /// "FILE: reason", or the reason alone when there is no file.
    public var description: String {
        switch self {
        case .noVideoStream(let file): return "\(file): no video stream"
        case .unsupported(let file, let message): return Self.naming(file, message)
        case .ffmpeg(let file, let operation, _, let message): return Self.naming(file, "\(message) (\(operation))")
        case .cancelled: return "cancelled"
        }
    }

    private static func naming(_ file: String?, _ text: String) -> String {
        file.map { "\($0): \(text)" } ?? text
    }

    /// The message without the file's name.
    public var reason: String {
        switch self {
        case .noVideoStream: return "no video stream"
        case .unsupported(_, let message): return message
        case .ffmpeg(_, _, _, let message): return message
        case .cancelled: return "cancelled"
        }
    }

    /// A packet the decoder could not make sense of (damaged or cut data), as opposed to a
    /// failure of the program or the output.
    var isDamagedInput: Bool {
        guard case .ffmpeg(_, let operation, let code, _) = self else { return false }
        return ["avcodec_send_packet", "avcodec_receive_frame"].contains(operation) && code == AVCode.invalidData
    }

    /// FFmpeg's text for an error code.
    public static func text(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(burn_av_error_max_string_size()))
        av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Returns `code` when it is not negative, else throws naming `file` (if any) and `operation`.
    @discardableResult
    static func check(_ code: Int32, _ operation: String, file: String?) throws -> Int32 {
        guard code < 0 else { return code }
        throw MediaError.ffmpeg(file: file, operation: operation, code: code, message: text(code))
    }

    /// A failed allocation, as an error.
    static func outOfMemory(_ operation: String, file: String?) -> MediaError {
        .ffmpeg(file: file, operation: operation, code: burn_averror(ENOMEM), message: "out of memory")
    }
}

/// FFmpeg codes used in control flow.
enum AVCode {
    static let eof = burn_averror_eof()
    static let again = burn_averror_eagain()
    static let noPTS = burn_av_nopts_value()
    static let invalidData = burn_averror_invaliddata()
}

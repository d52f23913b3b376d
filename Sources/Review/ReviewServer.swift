import Foundation
import Pipeline

/// `burn-captions review`: the page, the input video, frames drawn by the renderer and the
/// captions API (`ReviewAPI`), on 127.0.0.1 behind a random token, as Jupyter does. Nothing
/// but these routes is served: no path from a request reaches the file system (the page's
/// files are read once, at start, by fixed names).
public final class ReviewServer: @unchecked Sendable {
    public let session: ReviewSession
    private let token: String
    private var server: HTTPServer?

    /// The URL to open, token included.
    public var url: String { "http://127.0.0.1:\(server?.port ?? 0)/?token=\(token)" }
    /// The port it listens on.
    public var port: UInt16 { server?.port ?? 0 }
    /// The address its socket is bound to, as the kernel reports it.
    public var boundAddress: String { server?.boundAddress ?? "" }

    /// Opens `request`'s captions for review, saving to `saveAs` (nil: the file itself, see
    /// `ReviewSession`), the cut plan made first when `planCutsTo` names where it is saved
    /// (its notices to `events`, stopped by `cancellation`), and starts listening at `port`
    /// (0: any free one).
    public init(
        _ request: BurnRequest, port: UInt16 = 0, saveAs: String? = nil, planCutsTo: String? = nil,
        cancellation: Cancellation = Cancellation(), events: (BurnEvent) -> Void = { _ in }
    ) throws {
        let session = try ReviewSession(
            request, saveAs: saveAs, planCutsTo: planCutsTo, cancellation: cancellation, events: events)
        self.session = session
        token = ReviewAPI.newToken()
        let api = try ReviewAPI(session: session, token: token, video: request.input.name)
        server = try HTTPServer(port: port, headers: ReviewAPI.headers, admit: api.admit, handler: api.respond)
    }

    /// Stops listening.
    public func stop() { server = nil }
}

import Captions

/// The problem lines `read` throws (`[]` when it reads without error), for exact assertions.
public func problemLines(_ read: () throws -> Transcript) -> [String] {
    do {
        _ = try read()
        return []
    } catch {
        return (error as? CaptionError)?.problems.map(\.description) ?? ["not a CaptionError: \(error)"]
    }
}

import Captions
import Speech

/// The timeline of a cut render: the kept parts of the input played back to back. Maps the
/// input's times onto it, and moves what is planned on times (words, the speech envelope,
/// shot changes) there, so that captions are planned on the cut as it will be seen.
public struct CutTimeline: Sendable, Equatable {
    /// The kept parts, in order. // seconds of the input
    public let kept: [ClosedRange<Double>]
    /// Where each kept part begins on the cut timeline. // seconds
    private let starts: [Double]

    public init(kept: [ClosedRange<Double>]) {
        self.kept = kept
        var starts: [Double] = []
        var total = 0.0
        for range in kept {
            starts.append(total)
            total += range.upperBound - range.lowerBound
        }
        self.starts = starts
    }

    /// The cut timeline's length. // seconds
    public var duration: Double { kept.last.map { starts[starts.count - 1] + $0.upperBound - $0.lowerBound } ?? 0 }

    /// Where the kept parts meet on the cut timeline: the jump cuts. // seconds
    public var joins: [Double] { Array(starts.dropFirst()) }

    /// The cut timeline's time of an instant of the input; nil when it is cut out.
    public func time(_ input: Double) -> Double? {
        guard let index = part(holding: input) else { return nil }
        return starts[index] + input - kept[index].lowerBound
    }

    /// The cut timeline's time of an instant of the input, an instant cut out moved to the
    /// join that replaces its cut.
    public func nearestTime(_ input: Double) -> Double {
        if let time = time(input) { return time }
        let next = kept.firstIndex { $0.lowerBound > input } ?? kept.count
        return next < kept.count ? starts[next] : duration
    }

    /// The input's instant that plays at `time` on the cut timeline.
    public func inputTime(_ time: Double) -> Double {
        let index = max(0, (starts.lastIndex { $0 <= time }) ?? 0)
        guard index < kept.count else { return time }
        return min(kept[index].upperBound, kept[index].lowerBound + time - starts[index])
    }

    private func part(holding time: Double) -> Int? {
        var low = 0
        var high = kept.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if time < kept[middle].lowerBound {
                high = middle - 1
            } else if time > kept[middle].upperBound {
                low = middle + 1
            } else {
                return middle
            }
        }
        return nil
    }

    /// `transcript` on the cut timeline: a word cut out (its middle in a cut) is dropped, the
    /// others moved; a segment keeps the words left (its text made of them when any was
    /// dropped) and is dropped when none is left; a segment without word times keeps its
    /// times moved, and is dropped when all of it is cut out.
    public func retimed(_ transcript: Transcript) -> Transcript {
        var retimed = transcript
        retimed.segments = transcript.segments.compactMap { segment in
            var moved = segment
            guard !segment.words.isEmpty else {
                moved.start = nearestTime(segment.start)
                moved.end = nearestTime(segment.end)
                return moved.end > moved.start ? moved : nil
            }
            moved.words = segment.words.compactMap { word in
                guard time((word.start + word.end) / 2) != nil else { return nil }
                var word = word
                word.start = nearestTime(word.start)
                word.end = max(word.start, nearestTime(word.end))
                return word
            }
            guard let first = moved.words.first, let last = moved.words.last else { return nil }
            if moved.words.count != segment.words.count {
                let spaced = segment.text.contains(" ") || segment.words.count < 2
                moved.text = moved.words.map(\.text).joined(separator: spaced ? " " : "")
            }
            moved.start = min(first.start, nearestTime(segment.start))
            moved.end = max(last.end, min(nearestTime(segment.end), last.end + 1))
            return moved
        }
        return retimed
    }

    /// `envelope` on the cut timeline: the windows of the kept parts, back to back.
    public func retimed(_ envelope: EnergyEnvelope) -> EnergyEnvelope {
        var values: [Float] = []
        var shapeChange: [Float] = []
        for range in kept {
            let windows = envelope.indices(from: range.lowerBound, to: range.upperBound)
            values += windows.map { envelope.values[$0] }
            if !envelope.shapeChange.isEmpty { shapeChange += windows.map { envelope.shapeChange[$0] } }
        }
        return EnergyEnvelope(hop: envelope.hop, start: envelope.start, values: values, shapeChange: shapeChange)
    }

    /// Shot changes of the input on the cut timeline, with every join added: a jump cut is a
    /// shot change.
    public func retimed(shotChanges times: [Double]) -> [Double] {
        (times.compactMap { time($0) } + joins).sorted()
    }
}

import Foundation

/// The kept ranges of one audio stream joined at sample precision, in planar float samples
/// at one rate: each range's samples keep their order, and at each join the end of the range
/// before and the start of the range after overlap by the join's crossfade, centred on the
/// join (half before it, half after), so the output is exactly the sum of the ranges long
/// and stays on the video's cut timeline. The first range fades in over half a crossfade
/// when it starts after the input's start, and the last fades out over half a crossfade,
/// so that the output neither starts nor ends on a step.
///
/// The curve is equal-power (the range before fades as cos, the one after as sin, over the
/// same samples: their gains' squares add to 1): the two sides of a cut are different
/// moments of a take, uncorrelated, and equal power keeps their loudness level through the
/// join, where equal-gain would dip by 3 dB. Two correlated sides (one steady tone) rise by
/// at most 3 dB in the middle, far from a click.
///
/// Written in Swift over planar floats rather than as libavfilter's `atrim`/`acrossfade`: a
/// graph for N ranges is N `atrim` branches of an `asplit` chained through N-1
/// `acrossfade`s, every frame pushed through all N branches, and `acrossfade` shortens the
/// output by the fade unless every range is first widened by half of it; after a seek the
/// input jumps, which `atrim` follows by timestamps only. Here each source sample goes to at
/// most one output place, a jump after a seek (or a repeat) is followed by sample position,
/// and the cost does not grow with N.
struct AudioSplice {
    /// A kept range in samples, widened by half of each of its joins' crossfades.
    private struct Span {
        var start: Int64  // source position of the range's first sample
        var end: Int64  // source position after its last
        var output: Int64  // output position of its first sample
        var fadeIn: Int64  // half of the crossfade before it, in samples (0 for the first)
        var fadeOut: Int64  // half of the crossfade after it (0 for the last)
        var edgeIn: Int64 = 0  // the output's fade-in, in the first range after the input's start
        var edgeOut: Int64 = 0  // the output's fade-out, in the last range
        var widenedStart: Int64 { start - fadeIn }
        var widenedEnd: Int64 { end + fadeOut }
    }

    let channels: Int
    /// Output samples in all: the sum of the ranges.
    let total: Int64
    private let spans: [Span]
    /// A jump in the source's positions no larger than this is taken as rounding of its
    /// timestamps (Matroska's milliseconds), not a gap or a repeat: 5 ms. // samples
    private let jitter: Int64
    /// The next source position expected.
    private var next: Int64 = 0
    /// Output samples from `emitted` on, per channel, not yet final.
    private var pending: [[Float]]
    private var emitted: Int64 = 0

    /// The ranges of `kept` at `rate` samples per second, `channels` channels.
    init(kept: KeptRanges, rate: Int, channels: Int) {
        let perSecond = Double(rate)
        var spans: [Span] = []
        var output: Int64 = 0
        for (index, range) in kept.ranges.enumerated() {
            let start = Int64((range.start * perSecond).rounded())
            let end = Int64((range.end * perSecond).rounded())
            var half = Int64(kept.fade(before: index) * perSecond / 2)
            if let previous = spans.last { half = min(half, (start - previous.end) / 2, (end - start) / 2) }
            if index > 0 { spans[index - 1].fadeOut = half }
            spans.append(Span(start: start, end: end, output: output, fadeIn: half, fadeOut: 0))
            output += end - start
        }
        let edge = Int64(kept.crossfade * perSecond / 2)
        if spans[0].start > 0 { spans[0].edgeIn = min(edge, (spans[0].end - spans[0].start) / 2) }
        spans[spans.count - 1].edgeOut = min(edge, (spans[spans.count - 1].end - spans[spans.count - 1].start) / 2)
        self.spans = spans
        self.channels = channels
        total = output
        jitter = Int64(rate / 200)
        pending = Array(repeating: [], count: channels)
    }

    /// Takes `count` samples of each channel (`samples[c]`) whose first lies at source
    /// position `position` (samples from the timeline start; nil: right after the last), and
    /// hands `emit` the output samples that no later input can change, with the output
    /// position of the first.
    mutating func take(
        _ samples: [UnsafePointer<Float>], count: Int, at position: Int64?, emit: ([[Float]], Int64) throws -> Void
    ) throws {
        var first = position ?? next
        // Rounded timestamps: the samples follow on. A repeat (after a seek back): skipped.
        if abs(first - next) <= jitter { first = next }
        let skip = max(0, Int(next - first))
        guard skip < count else { return }
        let from = first + Int64(skip)
        let to = first + Int64(count)
        for span in spans where span.widenedStart < to && span.widenedEnd > from {
            add(samples, offset: Int(first), range: max(from, span.widenedStart)..<min(to, span.widenedEnd), of: span)
        }
        next = to
        try release(upTo: final(after: to), emit)
    }

    /// Hands `emit` what is left, up to the total length.
    mutating func finish(_ emit: ([[Float]], Int64) throws -> Void) throws {
        try release(upTo: total, emit)
    }

    /// Adds the source samples at `range` of `span`, each with its gain, at their output places.
    private mutating func add(_ samples: [UnsafePointer<Float>], offset: Int, range: Range<Int64>, of span: Span) {
        let outputStart = Int(span.output + range.lowerBound - span.start - emitted)
        let needed = outputStart + range.count
        for c in 0..<channels where pending[c].count < needed {
            pending[c].append(contentsOf: repeatElement(0, count: needed - pending[c].count))
        }
        for p in range {
            let gain = Self.gain(at: p, of: span)
            let o = outputStart + Int(p - range.lowerBound)
            for c in 0..<channels { pending[c][o] += gain * samples[c][Int(p) - offset] }
        }
    }

    /// The gain of source position `p` of `span`: equal-power fades over the widened edges,
    /// and the output's own fade in and out.
    private static func gain(at p: Int64, of span: Span) -> Float {
        if span.edgeIn > 0 && p < span.start + span.edgeIn {
            return Float(sin((Double(p - span.start) + 0.5) / Double(span.edgeIn) * .pi / 2))
        }
        if span.edgeOut > 0 && p >= span.end - span.edgeOut {
            return Float(cos((Double(p - (span.end - span.edgeOut)) + 0.5) / Double(span.edgeOut) * .pi / 2))
        }
        if p < span.start + span.fadeIn {
            let x = (Double(p - span.widenedStart) + 0.5) / Double(2 * span.fadeIn)
            return Float(sin(x * .pi / 2))
        }
        if p >= span.end - span.fadeOut {
            let x = (Double(p - (span.end - span.fadeOut)) + 0.5) / Double(2 * span.fadeOut)
            return Float(cos(x * .pi / 2))
        }
        return 1
    }

    /// The output position before which every sample is final once the source has been
    /// read up to `position`: a join's samples wait for the range after it.
    private func final(after position: Int64) -> Int64 {
        guard let k = spans.lastIndex(where: { $0.widenedStart < position }) else { return 0 }
        let span = spans[k]
        if k == spans.count - 1 || position <= span.end - span.fadeOut {
            return min(span.output + min(position, span.end) - span.start, total)
        }
        return spans[k + 1].output - span.fadeOut
    }

    /// Hands out the pending samples before output position `end` (silence where the
    /// source had none).
    private mutating func release(upTo end: Int64, _ emit: ([[Float]], Int64) throws -> Void) throws {
        let count = Int(end - emitted)
        guard count > 0 else { return }
        var out: [[Float]] = []
        for c in 0..<channels {
            if pending[c].count < count { pending[c].append(contentsOf: repeatElement(0, count: count - pending[c].count)) }
            out.append(Array(pending[c][0..<count]))
            pending[c].removeFirst(count)
        }
        try emit(out, emitted)
        emitted = end
    }
}

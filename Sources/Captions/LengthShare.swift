/// A time range shared among pieces by their lengths: the one rule by which a cue's words
/// are timed by length (`TimedToken`), a recognized word's time is split among the cue words
/// it matched (`ForcedAligner`), and the review splits a cue at the cursor.
public enum LengthShare {
    /// `start...end` divided into consecutive spans, one per length, each as long as its share
    /// of the lengths' sum (a length below 1 counts as 1). // seconds
    public static func spans(_ lengths: [Int], start: Double, end: Double) -> [(start: Double, end: Double)] {
        let shares = lengths.map { Double(max(1, $0)) }
        let total = shares.reduce(0, +)
        var position = 0.0
        return shares.map { share in
            let from = start + (end - start) * position / total
            position += share
            return (from, start + (end - start) * position / total)
        }
    }
}

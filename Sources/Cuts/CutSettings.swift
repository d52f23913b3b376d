/// What a cut plan cuts and the lengths it keeps (docs/CUTS.md gives each default's reason).
public struct CutSettings: Sendable, Hashable {
    /// The kinds of cut made.
    public var kinds: CutKinds
    /// A silence longer than this is shortened (`--max-pause`). // seconds
    public var maxPause = 0.6
    /// What is kept of a shortened silence inside a sentence. // seconds
    public var keptPause = 0.3
    /// What is kept of a shortened silence after a full stop. // seconds
    public var keptPauseAfterStop = 0.5
    /// What is kept of the silence before the first word and after the last. // seconds
    public var edgePause = 0.2
    /// Silence over a moving picture is shortened too (`--cut-pauses always`): by default a
    /// stretch with no speech but a moving picture (a screen demonstration) is content.
    public var pausesOverMotion = false
    /// A silence over a moving picture is content from this length on; a shorter one is a
    /// breath between sentences, shortened whatever the picture does (and the picture of
    /// every silence need not be decoded). // seconds
    public var contentSilence = 2.0
    /// A span longer than this is flagged, not cut. // seconds
    public var longCut = 15.0
    /// A restart's second saying begins within this of the first's end. // seconds
    public var restartWithin = 1.0
    /// Without a script, two sentences this alike (0...1) ... // similarity
    public var retakeSimilarity = 0.8
    /// ... that begin within this of each other are takes of one sentence. // seconds
    public var retakeWithin = 30.0

    public init(kinds: CutKinds) { self.kinds = kinds }

    /// The kept silence after a word that ends as `text` does. // seconds
    func keptPause(after text: String) -> Double {
        text.last.map { ".!?…。！？".contains($0) } == true ? keptPauseAfterStop : keptPause
    }
}

import Captions
import Cuts
import Layout
import Media
import Settings
import Speech
import Vision

/// A burn planned and ready to render: the probed input, the preset and its text style, and
/// every caption with its layout. Made without opening a decoder; `plan` stops here, `still`
/// and `preview` decode only the frames they show, and `run` renders.
struct PreparedBurn {
    let request: BurnRequest
    let preset: Preset
    let look: Look
    let input: MediaInput  // probed once; its demuxer goes to the first pass that reads packets
    let style: TextStyle
    let planned: [PlannedCaption]
    let engine: LayoutEngine  // lays out labels; holds the sized faces the captions are drawn with
    let shotChanges: ShotChanges?  // the cuts caption times were snapped to, when asked
    let rules: ReadingRules  // the reading rules the captions were chunked and laid out by
    let speech: RecognizedSpeech?  // what the captions were recognized from (`--captions auto`)
    let obstacles: [Obstacle]  // what the captions were moved off (`--avoid`, `--obstacles`)
    /// The cut plan (`--cuts`, `--cuts-file`): the render plays what it keeps, and every time
    /// above is on its timeline; nil when the input is not cut.
    let cuts: CutPlan?

    var info: InputInfo { input.info }
    /// The first track's captions (what `--export-captions` writes).
    var captions: [Caption] { planned.filter { $0.track == 1 }.map(\.caption) }
    /// What `burn-captions plan` prints of it: every caption with its layout and findings.
    var document: PlanDocument { document(findings: Lint.findings(self)) }

    /// `document` with the findings of each caption already worked out (`Lint.findings`).
    func document(findings: [[LintFinding]]) -> PlanDocument {
        PlanDocument(
            planned, width: info.width, height: info.height, safeArea: style.safeArea, findings: findings,
            speech: speech, settings: request.recognitionSettings, obstacles: obstacles, cuts: cuts)
    }
}

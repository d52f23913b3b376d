import Foundation
import TestSupport

/// Small videos with known audio for the recognition tests: a 64x64 black picture over
/// speech spoken by espeak-ng, silence, chords or pink noise, in the order given.
enum SpeechClips {
    /// One stretch of a clip's audio.
    enum Part {
        case speech(String, voice: String)
        case silence(Double)  // seconds
        case chords(Double)  // seconds of C, F and G major triads, a second each
        case noise(Double)  // seconds of pink noise
        case lavfi(String)  // a sound of our own: an FFmpeg lavfi source graph (its length its own)
    }

    /// The clip of `parts` named `name` in `folder`, and where each part starts and ends. // seconds
    static func make(_ name: String, _ parts: [Part], in folder: URL) throws -> (path: String, spans: [ClosedRange<Double>]) {
        var inputs: [String] = []
        var spans: [ClosedRange<Double>] = []
        var time = 0.0
        for (index, part) in parts.enumerated() {
            let wav = folder.appendingPathComponent("\(name)-\(index).wav").path
            switch part {
            case .speech(let text, let voice):
                try ProcessRunner.check(["espeak-ng", "-v", voice, "-w", wav, text])
            case .silence(let seconds):
                try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=22050:cl=mono", "-t", String(seconds), wav])
            case .chords(let seconds):
                let triads = "0.1*(sin(2*PI*261.6*t)+sin(2*PI*329.6*t)+sin(2*PI*392*t))"
                try ProcessRunner.ffmpeg([
                    "-f", "lavfi", "-i", "aevalsrc='\(triads)*if(lt(mod(t,3),1),1,0)+0.1*(sin(2*PI*349.2*t)+sin(2*PI*440*t)+sin(2*PI*523.3*t))*if(between(mod(t,3),1,2),1,0)+0.1*(sin(2*PI*392*t)+sin(2*PI*493.9*t)+sin(2*PI*587.3*t))*if(gt(mod(t,3),2),1,0)':s=22050:d=\(seconds)",
                    wav,
                ])
            case .noise(let seconds):
                try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.2:r=22050:d=\(seconds):seed=34", wav])
            case .lavfi(let graph):
                try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", graph, wav])
            }
            let duration = try Double(
                ProcessRunner.tool("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", wav]).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            spans.append(time...(time + duration))
            time += duration
            inputs.append(wav)
        }
        let path = folder.appendingPathComponent("\(name).mp4").path
        let audio = inputs.flatMap { ["-i", $0] }
        let concat = (0..<inputs.count).map { "[\($0 + 1):a]aresample=22050" + "[a\($0)]" }.joined(separator: ";")
            + ";" + (0..<inputs.count).map { "[a\($0)]" }.joined() + "concat=n=\(inputs.count):v=0:a=1[audio]"
        try ProcessRunner.ffmpeg(
            ["-f", "lavfi", "-i", "color=black:s=64x64:r=30"] + audio + [
                "-filter_complex", concat, "-map", "0:v", "-map", "[audio]", "-t", String(time), "-c:v", "libx264", "-preset",
                "ultrafast", "-c:a", "aac", "-b:a", "96k", path,
            ])
        return (path, spans)
    }
}

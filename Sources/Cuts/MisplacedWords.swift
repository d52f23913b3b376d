import Foundation
import Speech

/// Words the recognizer timed on a filler it did not write, moved onto their own sound.
/// Whisper leaves an "um" out of its text and gives its time to the word after it: the word
/// starts where the "um" starts and runs over it ("to" over 0.6 s), and the word's own sound
/// follows with no word on it. A word is moved when all of these hold:
/// - it starts on a run of sound (`SoundRuns`; within 60 ms of its start, or up to 0.2 s
///   before it, where the onset is lost in noise or music) that is held as a hesitation is (a
///   filler's length, its level steady: `HeardFillers.isSteady`);
/// - it is longer than three quarters of a stretched word of its letters
///   (`SpokenWord.isStretched`; where the spectrum's shape was not measured and the bed is
///   loud, a quarter longer than stretched, since there a word's level is as steady as a
///   hum's): a word said slowly over several runs of sound (several syllables) is not;
/// - the next sound (the next run, with the runs after it that begin before the word ends: a
///   loud bed breaks a word into pieces) has a length a word of its letters can be said in,
///   the word ends in it (a word stretched over more covers words the recognizer dropped:
///   "start" over "so we start"), and no other word starts in its first half (or that word
///   can itself move one sound on, by the same test: the recognizer moved a few words back
///   by one sound each).
/// A word a recognizer writes for a hesitation (`FillerWords.Language.misheard`: Whisper's
/// "a" on an "uh") need not be stretched when its run is held for `HeardFillers.heldWord`:
/// its next sound and the words after it decide.
/// The held run is then a gap between words, and a filler (`FillerCuts`): it was heard to be
/// held on the sound runs' threshold, which a hesitation under a loud bed may pass where
/// `HeardFillers`' own, the bed around the gap, is not passed for long.
enum MisplacedWords {
    /// How near a held run's start a word must start to be timed on it. // seconds
    static let near = 0.06
    /// ... or how far before it: a hesitation's soft onset sinks under a loud bed, and the
    /// run is heard from later. // seconds
    static let hiddenOnset = 0.2
    /// Under a loud bed with no shape measured, a word must be this many times the stretched
    /// length (`isStretched`).
    static let loudStretch = 1.25
    /// Elsewhere, this many times: "back" over an "um" and its own sound in 0.57 s.
    static let spanning = 0.75
    /// At most this many words in a row are moved one run on.
    static let chain = 3

    /// The words with those timed on a held sound moved off it, and what was moved.
    struct Moved {
        var words: [SpokenWord]
        /// The indices (`SpokenWord.index`) of the words moved.
        var indices: Set<Int> = []
        /// The held sounds they were timed on (each run's held part, `HeardFillers.heldPart`):
        /// a hesitation's, found to be held already, whatever the bed around it. // seconds
        var held: [(start: Double, end: Double)] = []
    }

    static func moved(_ words: [SpokenWord], sound: SoundRuns, listener: HeardFillers, misheard: [String]) -> Moved {
        var found = Moved(words: words)
        guard !sound.runs.isEmpty else { return found }
        var index = 0
        while index < words.count {
            if let run = heldRun(under: found.words[index], sound: sound, listener: listener, misheard: misheard.contains(found.words[index].key)),
                let moves = moves(from: index, onto: run + 1, words: found.words, sound: sound)
            {
                for (word, target) in moves {
                    found.words[word].place(on: target)
                    found.indices.insert(found.words[word].index)
                }
                found.held.append(listener.heldPart(of: sound.runs[run]))
                index += moves.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// The held run `word` was timed on, if it was: the run it starts on, a filler's length
    /// and steady, with the word stretched over it or `misheard` (what a recognizer writes
    /// for a hesitation: Whisper's "a" on an "uh", then "stick" over "a stick").
    private static func heldRun(under word: SpokenWord, sound: SoundRuns, listener: HeardFillers, misheard: Bool) -> Int? {
        guard let run = sound.runs.firstIndex(where: { $0.end > word.saidStart }),
            sound.runs[run].start - word.saidStart <= hiddenOnset, word.saidStart - sound.runs[run].start <= near
        else { return nil }
        let held = sound.runs[run]
        let length = held.end - held.start
        guard length >= HeardFillers.shortest, length <= HeardFillers.longest, listener.isSteady(held) else { return nil }
        // Under a loud bed a word's level is as steady as a hum's: without the spectrum's
        // shape (which tells a word's sounds from a held one), only a word far beyond
        // stretched is taken to have been timed on one ("and" over "of an" is not).
        let loud = sound.isLoudBed(at: held.start) && listener.holdsShape(held) == nil
        if misheard {
            let part = listener.heldPart(of: held)
            if part.end - part.start >= HeardFillers.heldWord { return run }
        }
        return word.isStretched(by: loud ? loudStretch : spanning) ? run : nil
    }

    /// The words from `first` on and the sound each moves to, run `target` on; nil when the
    /// moves do not all fit. A word's sound is the run it moves to and the runs after it that
    /// begin before the word ends (a loud bed breaks a word into pieces: "captions" heard as
    /// two runs under music).
    private static func moves(from first: Int, onto target: Int, words: [SpokenWord], sound: SoundRuns)
        -> [(Int, (start: Double, end: Double))]?
    {
        var moves: [(Int, (start: Double, end: Double))] = []
        var (word, run) = (first, target)
        while moves.count < chain {
            guard sound.runs.indices.contains(run) else { return nil }
            var last = run
            while last + 1 < sound.runs.count, sound.runs[last + 1].start < words[word].saidEnd + near { last += 1 }
            let destination = (start: sound.runs[run].start, end: sound.runs[last].end)
            // A word that runs on past the sound it moves to covers words the recognizer dropped.
            guard fits(words[word], destination), words[word].saidEnd <= destination.end + near else { return nil }
            moves.append((word, destination))
            let middle = (destination.start + destination.end) / 2
            // The next word is clear of this sound, or was timed on it and runs into the next.
            guard word + 1 < words.count, words[word + 1].saidStart < middle else { return moves }
            guard words[word + 1].saidEnd > destination.end else { return nil }
            (word, run) = (word + 1, last + 1)
        }
        return nil
    }

    /// Whether `word` can be said in `run`: neither squashed nor stretched there.
    private static func fits(_ word: SpokenWord, _ run: (start: Double, end: Double)) -> Bool {
        var placed = word
        placed.place(on: run)
        return !placed.isSquashed && !placed.isStretched
    }
}

extension SpokenWord {
    /// The word moved onto `run`, as said there.
    fileprivate mutating func place(on run: (start: Double, end: Double)) {
        (start, end, saidStart, saidEnd) = (run.start, run.end, run.start, run.end)
    }
}

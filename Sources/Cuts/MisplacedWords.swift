import Foundation
import Speech

/// Words the recognizer timed on a filler it did not write, moved onto their own sound.
/// Whisper leaves an "um" out of its text and gives its time to the word after it: the word
/// starts where the "um" starts and runs over it ("to" over 0.6 s), and the word's own sound
/// follows with no word on it. A word is moved when all of these hold:
/// - it starts on a run of sound (`SoundRuns`; within 60 ms of its start, or up to 0.15 s
///   before it, where the onset is lost in noise) that is held as a hesitation is (a
///   filler's length, its level steady: `HeardFillers.isSteady`);
/// - it is longer than three quarters of a stretched word of its letters
///   (`SpokenWord.isStretched`; where the spectrum's shape was not measured and the bed is
///   loud, a quarter longer than stretched, since there a word's level is as steady as a
///   hum's): a word said slowly over several runs of sound (several syllables) is not;
/// - the next run of sound has a length a word of its letters can be said in, the word ends
///   in it (a word stretched over more runs covers words the recognizer dropped: "start" over
///   "so we start"), and no other word starts in its first half (or that word can itself move
///   one run on, by the same test: the recognizer moved a few words back by one run each).
/// The held run is then a gap between words, where `HeardFillers` hears it as a filler.
enum MisplacedWords {
    /// How near a held run's start a word must start to be timed on it. // seconds
    static let near = 0.06
    /// ... or how far before it: a hesitation's soft onset sinks under a loud bed, and the
    /// run is heard from later. // seconds
    static let hiddenOnset = 0.15
    /// Under a loud bed with no shape measured, a word must be this many times the stretched
    /// length (`isStretched`).
    static let loudStretch = 1.25
    /// Elsewhere, this many times: "back" over an "um" and its own sound in 0.57 s.
    static let spanning = 0.75
    /// At most this many words in a row are moved one run on.
    static let chain = 3

    static func moved(_ words: [SpokenWord], sound: SoundRuns, listener: HeardFillers) -> [SpokenWord] {
        guard !sound.runs.isEmpty else { return words }
        var words = words
        var index = 0
        while index < words.count {
            if let run = heldRun(under: words[index], sound: sound, listener: listener),
                let moves = moves(from: index, onto: run + 1, words: words, sound: sound)
            {
                for (word, target) in moves { words[word].place(on: sound.runs[target]) }
                index += moves.count
            } else {
                index += 1
            }
        }
        return words
    }

    /// The held run `word` was timed on, if it was: the run it starts on, a filler's length
    /// and steady, with the word stretched over it.
    private static func heldRun(under word: SpokenWord, sound: SoundRuns, listener: HeardFillers) -> Int? {
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
        return word.isStretched(by: loud ? loudStretch : spanning) ? run : nil
    }

    /// The words from `first` on and the runs each moves to, run `target` on; nil when the
    /// moves do not all fit.
    private static func moves(from first: Int, onto target: Int, words: [SpokenWord], sound: SoundRuns) -> [(Int, Int)]? {
        var moves: [(Int, Int)] = []
        var (word, run) = (first, target)
        while moves.count < chain {
            // A word that runs on past the run it moves to covers words the recognizer dropped.
            guard sound.runs.indices.contains(run), fits(words[word], sound.runs[run]),
                words[word].saidEnd <= sound.runs[run].end + near
            else { return nil }
            moves.append((word, run))
            let destination = sound.runs[run]
            let middle = (destination.start + destination.end) / 2
            // The next word is clear of this run, or was timed on it and runs into the next.
            guard word + 1 < words.count, words[word + 1].saidStart < middle else { return moves }
            guard words[word + 1].saidEnd > destination.end else { return nil }
            (word, run) = (word + 1, run + 1)
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

import Commands
import Pipeline

extension Arguments {
    /// `burn-captions --help`: the synopsis and what each command does, the options of
    /// `CommandOption.all`, and the exit codes.
    static let usage = synopsis + "\n\noptions:\n" + CommandOption.helpText + "\n\n" + exitCodes

    /// The synopsis of every command, then what the tool does (`--help` and the manual page).
    static let synopsis = """
        usage: burn-captions INPUT --captions FILE [--preset NAME] -o OUTPUT [options]
               burn-captions INPUT --captions auto [--model NAME] [--language TAG] -o OUTPUT [options]
               burn-captions INPUT --captions FILE... [--preset NAME...] [--look NAME...] -o 'OUT.{lang}.mp4'
               burn-captions INPUT --captions FILE [--preset NAME] --null [--stats] [options]
               burn-captions plan INPUT --captions FILE [--preset NAME] [--language TAG] [--script FILE]
                                  [--segments N -o PLAN.json]
               burn-captions INPUT --plan PLAN.json --segment I/N -o PART.mp4 [encoder options]
               burn-captions join --input INPUT -o OUTPUT PART...
               burn-captions live INPUT -o OUTPUT [--captions-feed FEED] [--preset NAME] [--look NAME] [--realtime]
                                  [--live-stats FILE]
               burn-captions transcribe INPUT -o TRANSCRIPT.json|.srt|.vtt [--model NAME] [--language TAG]
                                  [--align CUES.srt]
               burn-captions cuts INPUT --captions FILE|auto [--script FILE] [--cuts LIST] -o CUTS.json
                                  [--edit-list FILE]
               burn-captions lint [INPUT] --captions FILE [--preset NAME] [--language TAG] [--shot-changes auto|FILE]
                                  [--fps N] [--json]
               burn-captions review INPUT --captions FILE [--preset NAME] [--look NAME] [--language TAG] [--port N]
                                  [--cuts-file CUTS.json [--cuts LIST]]
               burn-captions still INPUT --captions FILE [--preset NAME] --at TIME -o FRAME.png [--show-safe-area] [--show-obstacles]
               burn-captions preview INPUT --captions FILE [--preset NAME] -o SHEET.png [--show-safe-area] [--show-obstacles]
               burn-captions presets
               burn-captions looks
               burn-captions looks --sheet SHEET.png [INPUT] [--captions FILE] [--preset NAME] [--look NAME...] [--at TIME]
               burn-captions batch MANIFEST.jsonl [--shard I/N] [--shard-count N] [--workers N]
                                  [--force] [--retries K] [--report FILE]
               burn-captions doctor
               burn-captions completion bash|zsh
               burn-captions manual

        Burns captions into a video: lays them out per language, renders them with an
        outline inside the platform's safe area, and re-encodes the video (H.264 unless
        --codec says otherwise; audio is copied untouched when the container holds it).
        `--captions auto` recognizes the video's speech first (faster-whisper in a child process,
        offline; `transcribe` writes what it heard, with word times and probabilities). `plan`
        prints the final captions as JSON instead; `lint` reports the reading rules they break
        (Presets/rules/reading.json; exit 1 for an error-level rule; without INPUT, on the
        preset's frame at --fps, default 30, with no timing fix); `review` serves a page on
        127.0.0.1 to watch the captions as the burn draws them, edit, re-time and save them into
        the caption file (its previous version kept as FILE~); `still`
        writes one frame with its caption as PNG; `preview` writes a contact sheet of every
        caption at its midpoint; `presets` lists the presets found (name, reference size,
        description); `looks` lists the word-by-word looks (name, description), and `looks --sheet`
        draws them (or each --look) side by side on one labelled sheet, while a word is spoken,
        over INPUT's frame when given; `batch` runs a manifest's jobs (see docs/RENDER-FARM.md);
        `doctor` checks what this machine has (the faces Fonts.conf, the presets and the looks
        name, the encoders that open, the speech recognizer and its models, the review page's
        browser) and says what to install, exit 1 when the defaults lack something;
        `completion` prints the shell completion of bash or zsh, and `manual` the manual page
        (roff), both made from the options below.
        A long video renders on several machines: `plan --segments N -o PLAN.json` fixes the
        captions and cuts N time ranges at keyframes, `--plan PLAN.json --segment I/N` renders
        range I (0-based) as video only, and `join` puts the parts in order with the input's
        audio, by stream copy (docs/RENDER-FARM.md).
        `live` takes a stream in (an RTMP or SRT sender, UDP, or a file with --realtime), burns the
        captions of a feed into it as they arrive, committed words never moving, and sends it on
        (RTMP, SRT, UDP, HLS or a file) with low-latency H.264 until the input ends or SIGINT
        (docs/LIVE.md).
        --captions, --preset and --look may repeat: every combination is rendered from one decode,
        each to the -o template with {lang}, {name}, {preset} and {look} filled in.
        """

    static let exitCodes = "exit codes: 0 done, 1 failed, 2 usage error, 130/143 interrupted (SIGINT/SIGTERM)."
}

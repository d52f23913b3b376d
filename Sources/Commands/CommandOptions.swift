import Pipeline

/// Every option of `burn-captions`, in the order `--help` lists them: the one table the
/// parsers, `--help` and the manifest's field list are made from (docs/OPTIONS.md describes
/// each, and a test checks it does).
extension CommandOption {
    public static let all: [CommandOption] = [
        CommandOption(
            .captions, ["-c", "--captions"], value: "FILE", commands: .captionCommands.union([.looks, .cuts, .live]), manifest: ["captions"],
            help: """
                captions: .srt, .vtt, .jsonl (live-caption log) or .json
                (native, Whisper or live-caption log, told apart by content),
                or auto: recognized from the video's speech (--model);
                repeat for one output per file
                """),
        CommandOption(
            .captionsFormat, ["--captions-format"], value: "F", commands: .captionCommands.union([.cuts]), manifest: ["captionsFormat"],
            help: """
                read the captions as F whatever the extension: json (native),
                srt, vtt (WebVTT), whisper (openai-/faster-whisper), live
                """),
        CommandOption(
            .captionsEncoding, ["--captions-encoding"], value: "E", commands: .captionCommands.union([.cuts]), manifest: ["captionsEncoding"],
            help: """
                the captions' text encoding when it is not UTF-8 (UTF-16 with a
                BOM is found by itself): windows-1252, latin1, Shift_JIS, ...
                """),
        CommandOption(
            .strict, ["--strict"], value: nil, commands: .captionCommands.union([.cuts]), manifest: ["strict"],
            help: """
                a malformed SubRip or WebVTT cue is an error (by default it is
                left out with a warning, as players skip it), and so is a
                file with nothing to show
                """),
        CommandOption(
            .preset, ["-p", "--preset"], value: "NAME|FILE", commands: .captionCommands.union([.looks, .live]), manifest: ["preset"],
            help: """
                placement, font and colours: a name in Presets/ or a .json file
                (default: tiktok); repeat for one output per preset
                """),
        CommandOption(
            .look, ["--look"], value: "NAME|FILE", commands: .captionCommands.union([.looks, .live]), manifest: ["look"],
            help: """
                word by word: classic (the preset's colours), highlight, box, pop,
                reveal, karaoke, or a look .json file (default: the preset's look);
                repeat for one output per look
                """),
        CommandOption(
            .maxWords, ["--max-words"], value: "N", commands: .captionCommands, manifest: ["maxWords"],
            help: """
                at most N words a caption (1 to 8), cut at phrase boundaries;
                a bound pair (iPhone 15), a CJK word and a word with its emoji
                count once (default: the look's, else the preset's, else none)
                """),
        CommandOption(
            .emoji, ["--emoji"], value: "auto|FILE", commands: .captionCommands, manifest: ["emoji"],
            help: """
                auto: one emoji after a word its language's Unicode CLDR
                keywords name (pizza 🍕), at most one a caption; FILE: a word
                or phrase and its emoji a line, over CLDR's (default: off)
                """),
        CommandOption(
            .emphasize, ["--emphasize"], value: "FILE", commands: .captionCommands, manifest: ["emphasize"],
            help: """
                words and phrases to emphasize, one per line (the look's emphasis
                colour); matched case-insensitively, punctuation ignored
                """),
        CommandOption(
            .output, ["-o", "--output"], value: "FILE", commands: [.render, .plan, .part, .still, .preview, .join, .transcribe, .cuts, .live],
            manifest: ["output"],
            help: """
                output video (.mp4, .mov, .mkv, .webm by codec); written only when complete;
                may hold {lang}, {name}, {lang2}, {name2}, {preset}, {look};
                preview: SHEET.png, or a page pattern such as sheet_%03d.png;
                transcribe: .json (native, with word probabilities), .srt or .vtt;
                cuts: the cut plan, .json
                """),
        CommandOption(
            .language, ["--language"], value: "TAG", commands: .speechCommands.union([.looks, .live]), manifest: ["language"],
            help: """
                BCP-47 language for captions that name none (e.g. ja, zh-TW);
                after a --captions, that file's (default: its name, talk.ja.srt);
                for recognized speech, the language spoken, or auto (default):
                detected per stretch of speech; auto:en,fr among those only
                """),
        CommandOption(
            .model, ["--model"], value: "NAME|DIR", commands: .speechCommands.union([.live]), manifest: ["model"],
            help: """
                speech recognition model: base (default), tiny.en, another
                installed or cached model, a CTranslate2 Whisper model folder,
                or a hub name such as Systran/faster-whisper-small (downloaded)
                """),
        CommandOption(
            .computeType, ["--compute-type"], value: "T", commands: .speechCommands.union([.live]), manifest: ["computeType"],
            help: """
                the recognizer's CTranslate2 compute type (default: int8)
                """),
        CommandOption(
            .languageThreshold, ["--language-threshold"], value: "P", commands: .speechCommands,
            manifest: ["languageThreshold"],
            help: """
                a detected language less likely than P (default: 0.6) fails
                the job, naming the candidates; 0 accepts any guess
                """),
        CommandOption(
            .soundTags, ["--sound-tags"], value: nil, commands: .speechCommands, manifest: ["soundTags"],
            help: """
                recognized laughter or sound alone is shown as a tag, [laughter],
                [music], [applause], as SDH subtitles do (default: left out)
                """),
        CommandOption(
            .align, ["--align"], value: "auto|off|FILE", commands: .recognitionCommands, manifest: ["align"],
            help: """
                a caption file without word timings, under a word-by-word look,
                gets its words' times from the speech (auto, the default), or
                has them spread by length (off); transcribe --align FILE gives
                the cues of FILE (.srt, .vtt) the recognized word times
                """),
        CommandOption(
            .outputsPerPass, ["--outputs-per-pass"], value: "N", commands: [.render],
            help: """
                outputs encoded at once from one decode (default: 8)
                """),
        CommandOption(
            .script, ["--script"], value: "FILE", commands: .captionCommands.union([.cuts]), manifest: ["script"],
            help: """
                the text the speaker read: captions take its punctuation and
                its character form (Traditional or Simplified Chinese)
                """),
        CommandOption(
            .cuts, ["--cuts"], value: "LIST|off", commands: .cutCommands, manifest: ["cuts"],
            help: """
                cut the raw take: pauses (silence over --max-pause shortened),
                fillers (um, uh: written or heard), retakes (restarts and
                earlier takes; with --script, by its sentences), lexical
                (you know, I mean, only set off by commas); a comma list, or
                off (default; cuts: pauses,fillers,retakes); review plans
                them for a new --cuts-file. docs/CUTS.md
                """),
        CommandOption(
            .cutsFile, ["--cuts-file"], value: "FILE", commands: .cutCommands, manifest: ["cutsFile"],
            help: """
                cut by a cut plan file (made by `cuts`, perhaps edited): every
                span with "cut": true is taken out; review lists its spans
                among the cues to keep or cut (with --cuts: plans them into
                this new file), and Save writes it
                """),
        CommandOption(
            .maxPause, ["--max-pause"], value: "SECONDS", commands: .cutCommands, manifest: ["maxPause"],
            help: """
                a silence longer than this is shortened to 0.3 s (0.5 s after a
                full stop) by --cuts pauses (default: 0.6)
                """),
        CommandOption(
            .cutPauses, ["--cut-pauses"], value: "still|always", commands: .cutCommands, manifest: ["cutPauses"],
            help: """
                still (default): a silence of 2 s or more over a moving picture (a screen
                demonstration) is kept; always: shortened too
                """),
        CommandOption(
            .editList, ["--edit-list"], value: "FILE", commands: [.render, .cuts, .plan], manifest: ["editList"],
            help: """
                also write the kept ranges for an editor: .otio (OpenTimelineIO),
                .fcpxml (Final Cut Pro, Resolve), .xml (Premiere, FCP7), .edl
                (CMX 3600)
                """),
        CommandOption(
            .noTimingFix, ["--no-timing-fix"], value: nil, commands: .captionCommands, manifest: ["timingFix"],
            help: """
                keep phrase starts as recognized (by default a long first word
                starts where the speech begins)
                """),
        CommandOption(
            .shotChanges, ["--shot-changes"], value: "auto|FILE|off", commands: .captionCommands, manifest: ["shotChanges"],
            help: """
                snap caption times to the video's cuts: a start within 12
                frames moves onto the cut, an end to 2 frames before it (auto:
                FFmpeg scene detection, one extra decoding pass; FILE: one time
                or timecode per line, or a CMX 3600 EDL; default: off)
                """),
        CommandOption(
            .avoid, ["--avoid"], value: "faces,text|faces|text|off", commands: .captionCommands, manifest: ["avoid"],
            help: """
                move captions off faces and text already in the picture: a
                caption takes the preset's first place that clears them, and
                never moves while shown (a frame sampled each second, one
                extra decoding pass; default: the preset's avoid, else off)
                """),
        CommandOption(
            .obstacles, ["--obstacles"], value: "FILE", commands: .captionCommands, manifest: ["obstacles"],
            help: """
                boxes to keep captions off, from another tool: JSON with
                obstacles [{x, y, width, height, start, end}] in pixels and
                seconds (besides any --avoid finds)
                """),
        CommandOption(
            .secondCaptions, ["--second-captions"], value: "FILE", commands: .captionCommands.union([.live]), manifest: ["secondCaptions"],
            help: """
                a second track drawn with the first (bilingual captions): its
                own timing, language font, size and colour (the preset's
                secondTrack); repeat for one output per file; live: a second
                caption feed (FILE, FIFO, - or tcp://)
                """),
        CommandOption(
            .secondLanguage, ["--second-language"], value: "TAG", commands: .captionCommands.union([.live]),
            help: """
                right after --second-captions: that file's language
                """),
        CommandOption(
            .speakerLabels, ["--speaker-labels"], value: nil, commands: .captionCommands.union([.live]), manifest: ["speakerLabels"],
            help: """
                the speaker's name before a caption whenever the speaker
                changes (Ana: ...), from JSON speaker, WebVTT <v>, live logs,
                a live feed's displayName
                """),
        CommandOption(
            .segments, ["--segments"], value: "N", commands: [.plan], manifest: ["segments"],
            help: """
                plan: cut the video into N time ranges at keyframes for a split
                render (with -o PLAN.json)
                """),
        CommandOption(
            .plan, ["--plan"], value: "FILE", commands: [.part],
            help: """
                render a part of a split render: its captions and their settings
                come from the plan (with --segment)
                """),
        CommandOption(
            .segment, ["--segment"], value: "I/N", commands: [.part],
            help: """
                the part to render, 0/N to N-1/N
                """),
        CommandOption(
            .exportCaptions, ["--export-captions"], value: "FILE", commands: [.render], manifest: ["exportCaptions"],
            help: """
                also write the final captions (.srt, .vtt with word timestamps,
                .json, or .ass with karaoke timings and the look's colours)
                """),
        CommandOption(
            .codec, ["--codec"], value: "NAME", commands: .encoderCommands, manifest: ["codec"],
            help: """
                h264 (libx264, the default), hevc (libx265), av1 (libsvtav1),
                vp9 (libvpx-vp9) or prores (prores_ks, 4:2:2 10-bit HQ)
                """),
        CommandOption(
            .encoder, ["--encoder"], value: "NAME", commands: .encoderCommands.union([.live]), manifest: ["encoder"],
            help: """
                any FFmpeg video encoder that takes frames in memory
                (h264_nvenc, hevc_nvenc, libaom-av1, ...)
                """),
        CommandOption(
            .crf, ["--crf"], value: "N", commands: .encoderCommands.union([.live]), manifest: ["crf"],
            help: """
                quality on x264's scale, 0 (lossless) to 51 (default: 20),
                mapped to each encoder's own (docs/CODECS.md)
                """),
        CommandOption(
            .encoderPreset, ["--encoder-preset", "--x264-preset"], value: "NAME", commands: .encoderCommands.union([.live]),
            manifest: ["encoderPreset", "x264Preset"],
            help: """
                speed on x264's scale, ultrafast ... placebo (default: medium);
                --x264-preset is the same
                """),
        CommandOption(
            .hdr, ["--hdr"], value: "keep|sdr", commands: .encoderCommands, manifest: ["hdr"],
            help: """
                an HDR (HLG, PQ) input: keep it (default with hevc, av1, vp9)
                or tone-map it to SDR BT.709 (default with h264)
                """),
        CommandOption(
            .threads, ["--threads"], value: "N", commands: .encoderCommands.union([.live]), manifest: ["threads"],
            help: """
                encoder threads (default: one per core)
                """),
        CommandOption(
            .overlayOnly, ["--overlay-only"], value: nil, commands: [.render], manifest: ["overlayOnly"],
            help: """
                only the captions, on a transparent background at the input's
                size and frame times, for an editor to lay over the original:
                -o .mov (ProRes 4444), .webm (VP9 with alpha) or caps_%05d.png
                """),
        CommandOption(
            .fontsConf, ["--fonts-conf"], value: "FILE", commands: .captionCommands.union([.looks, .live]), manifest: ["fontsConf"],
            help: """
                fontconfig file to use instead of the shipped Fonts.conf
                """),
        CommandOption(
            .null, ["--null"], value: nil, commands: [.render],
            help: """
                decode, lay out, rasterize and composite every frame, then
                drop it: no encode and no file (measures the captions' cost)
                """),
        CommandOption(
            .cea608, ["--cea608"], value: nil, commands: [.render, .live],
            help: """
                also carry the captions as CEA-608 closed captions (CC1
                roll-up, in the H.264 stream) for players and platforms that
                show their own; Latin text only
                """),
        CommandOption(
            .captionsFeed, ["--captions-feed"], value: "FEED", commands: [.live],
            help: """
                live: caption items as JSON lines (text, isFinal, speakerId,
                displayName; docs/LIVE.md) from a FILE (replayed by its times),
                a FIFO, - (standard input) or tcp://HOST:PORT (listened on)
                """),
        CommandOption(
            .realtime, ["--realtime"], value: nil, commands: [.live],
            help: """
                live: read a file input at its own pace, as a live source
                """),
        CommandOption(
            .audioInput, ["--audio-input"], value: "DEVICE", commands: [.live],
            help: """
                live: the sound of a camera INPUT (v4l2:/dev/video0) from a
                capture device: alsa:NAME or pulse:NAME (docs/LIVE.md)
                """),
        CommandOption(
            .reconnect, ["--reconnect"], value: "SECONDS", commands: [.live],
            help: """
                live: wait this long for a lost network input or capture
                device to come back, repeating the last frame (default: 30;
                0: end with it)
                """),
        CommandOption(
            .record, ["--record"], value: "FILE", commands: [.live],
            help: """
                live: also write the stream, captions and all, to FILE (its
                own encode of the same frames; it goes on while the stream
                output is reconnected)
                """),
        CommandOption(
            .slate, ["--slate"], value: "IMAGE", commands: [.live],
            help: """
                live: show this picture (PNG, JPEG), fitted into the frame,
                while a lost input is waited for, instead of its last frame
                """),
        CommandOption(
            .liveMode, ["--live-mode"], value: "MODE", commands: [.live],
            help: """
                live: roll-up (default: the rows move up as words come) or
                pages (rows fill top down and stay; a new page at a phrase's
                end after 1 s, or when the page is full)
                """),
        CommandOption(
            .rows, ["--rows"], value: "N", commands: [.live],
            help: """
                live: rows of captions on screen, 1 to 3 (default: 2)
                """),
        CommandOption(
            .delay, ["--delay"], value: "SECONDS", commands: [.live],
            help: """
                live: hold the stream back SECONDS (0.5 to 10) so that each
                word's caption shows when it is spoken, as in a file render
                (committed words only; memory: SECONDS of frames)
                """),
        CommandOption(
            .keyframes, ["--gop"], value: "SECONDS", commands: [.live],
            help: """
                live: seconds from one keyframe to the next (default: 2, as
                streaming platforms ask)
                """),
        CommandOption(
            .videoBitrate, ["--video-bitrate"], value: "KBPS", commands: [.live],
            help: """
                live: cap the video at KBPS kbit/s (the quality of --crf up to
                the cap; default: no cap)
                """),
        CommandOption(
            .liveStats, ["--live-stats"], value: "FILE", commands: [.live],
            help: """
                live: write one JSON line per frame sent and per caption change,
                with stream and wall-clock times (docs/LIVE.md)
                """),
        CommandOption(
            .stats, ["--stats"], value: nil, commands: [.render, .part],
            help: """
                after a render, print the time per stage and the number of
                caption bitmaps rasterized
                """),
        CommandOption(
            .port, ["--port"], value: "N", commands: [.review],
            help: """
                review: the port to listen on, on 127.0.0.1 (default: a free one)
                """),
        CommandOption(
            .saveAs, ["--save-as"], value: "FILE", commands: [.review],
            help: """
                review: Save writes the edited captions to FILE (.srt, .vtt or
                .json, in that format), not to the caption file
                """),
        CommandOption(
            .at, ["--at"], value: "TIME", commands: [.still, .looks],
            help: """
                still: the time of the frame, seconds (12.5) or [hh:]mm:ss[.fff];
                looks --sheet: the instant drawn (default: a word into the caption)
                """),
        CommandOption(
            .showSafeArea, ["--show-safe-area"], value: nil, commands: [.still, .preview],
            help: """
                still, preview: outline the preset's safe area
                """),
        CommandOption(
            .showObstacles, ["--show-obstacles"], value: nil, commands: [.still, .preview],
            help: """
                still, preview: outline the obstacles on screen (faces magenta, text orange, other boxes cyan)
                """),
        CommandOption(
            .quiet, ["-q", "--quiet"], value: nil, commands: [.render, .part, .join, .batch, .transcribe, .cuts, .live],
            help: """
                no progress and no summary line
                """),
        CommandOption(
            .endOfOptions, ["--"], value: nil, commands: Set(OptionCommand.allCases).subtracting([.batch]),
            help: """
                end of options: the next argument is the input, even if it
                starts with a dash
                """),
        CommandOption(
            .help, ["-h", "--help"], value: nil, commands: Set(OptionCommand.allCases),
            help: """
                this text
                """),
        CommandOption(
            .version, ["--version"], value: nil, commands: Set(OptionCommand.allCases).subtracting([.join, .batch, .looks]),
            help: """
                version of burn-captions and its libraries
                """),
        CommandOption(
            .json, ["--json"], value: nil, commands: [.lint]),
        CommandOption(
            .fps, ["--fps"], value: "N", commands: [.lint]),
        CommandOption(
            .input, ["--input", "-i"], value: "INPUT", commands: [.join]),
        CommandOption(
            .sheet, ["--sheet"], value: "FILE.png", commands: [.looks]),
        CommandOption(
            .shard, ["--shard"], value: "I/N", commands: [.batch]),
        CommandOption(
            .shardCount, ["--shard-count"], value: "N", commands: [.batch]),
        CommandOption(
            .workers, ["--workers"], value: "N", commands: [.batch]),
        CommandOption(
            .force, ["--force"], value: nil, commands: [.batch]),
        CommandOption(
            .retries, ["--retries"], value: "K", commands: [.batch]),
        CommandOption(
            .report, ["--report"], value: "FILE", commands: [.batch]),
    ]
}

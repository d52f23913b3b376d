// swift-tools-version:6.0
import PackageDescription

/// A system library found through pkg-config, with a `shim.h` beside its module map.
func system(_ name: String, _ pkgConfig: String, _ apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "burn-captions",
    products: [
        .executable(name: "burn-captions", targets: ["BurnCaptionsCLI"]),
        .library(name: "BurnCaptions", targets: ["Pipeline", "Settings", "Commands", "CaptionFiles", "Farm"]),
    ],
    targets: [
        // C libraries, each behind a shim of static inline wrappers.
        system("CAVFormat", "libavformat", "libavformat-dev"),
        system("CAVCodec", "libavcodec", "libavcodec-dev"),
        system("CAVFilter", "libavfilter", "libavfilter-dev"),
        system("CAVUtil", "libavutil", "libavutil-dev"),
        // Capture devices (V4L2 cameras, ALSA and PulseAudio sources) and the lavfi input that joins them.
        system("CAVDevice", "libavdevice", "libavdevice-dev"),
        system("CSWScale", "libswscale", "libswscale-dev"),
        system("CSWResample", "libswresample", "libswresample-dev"),
        system("CFreeType", "freetype2", "libfreetype-dev"),
        system("CHarfBuzz", "harfbuzz", "libharfbuzz-dev"),
        system("CFontconfig", "fontconfig", "libfontconfig-dev"),
        system("CICUSystem", "icu-i18n", "libicu-dev"),
        system("CMicroHTTPD", "libmicrohttpd", "libmicrohttpd-dev"),
        // ICU behind a header without ICU types (Foundation and ICU headers clash).
        .target(name: "CICU", dependencies: ["CICUSystem"]),
        // The one Swift layer over CICU: scripts, breaks, bidi, language tags, transforms, charsets.
        .target(name: "UnicodeText", dependencies: ["CICU"]),
        // FFmpeg's log callback (variadic, so in C): keeps each thread's last error message.
        .target(name: "CAVLog", dependencies: ["CAVUtil"]),
        // OpenCV's dnn module running the YuNet face model (C++) and Tesseract's layout analysis
        // behind one C header. OpenCV's pkg-config file comes only with libopencv-dev, whose 55
        // modules bring Qt and VTK; the three modules used are linked by name (libopencv-dnn-dev).
        // Tesseract and Leptonica too (libtesseract-dev, libleptonica-dev): Debian's tesseract.pc
        // lists libarchive and libcurl among its libraries, which would tie the binary to the
        // build machine's libcurl flavour (libcurl-nss.so.4 here), though we call neither.
        .target(
            name: "CVision", cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [
                .linkedLibrary("opencv_dnn"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
                .linkedLibrary("tesseract"), .linkedLibrary("lept"),
            ]),
        // prctl and malloc_trim, for the process's own settings and memory.
        .target(name: "CProcess"),

        // The one funnel for libc file calls and their wording: safe outputs, locks, atomic
        // replacement, real paths, scratch space, signatures (the bottom of the graph).
        .target(name: "Files"),
        // Edit lists of a cut take's kept ranges: OTIO, FCPXML 1.10, FCP 7 XML, CMX 3600 EDL
        // (text only; the caller writes the file).
        .target(name: "EditLists"),

        // Pipeline stages.
        // Positioned premultiplied pictures and colours: what Raster hands to Media.
        .target(name: "Imaging"),
        // The one cache type for what grows with the input (`BoundedCache`).
        .target(name: "Caching"),
        // The caption model, segmentation, text repair and alignment.
        .target(name: "Captions", dependencies: ["UnicodeText", "Caching", "Files"]),
        // The caption file formats in and out over the model: the readers, the writers and the
        // cue-file editor, and the bytes and encodings they read.
        .target(name: "CaptionFiles", dependencies: ["Captions", "UnicodeText", "Files"]),
        .target(name: "Layout", dependencies: ["Captions", "Caching", "Imaging", "UnicodeText", "CFreeType", "CHarfBuzz", "CFontconfig"]),
        .target(name: "Raster", dependencies: ["Captions", "Caching", "Imaging", "Layout", "CFreeType", "CHarfBuzz"]),
        .target(name: "Media", dependencies: [
            "Imaging", "Files", "CAVFormat", "CAVCodec", "CAVFilter", "CAVUtil", "CAVDevice", "CAVLog", "CSWScale", "CSWResample",
        ]),
        .target(name: "Speech", dependencies: ["Captions", "Media", "Files"]),
        // Faces and text in the picture (obstacles captions avoid), found on sampled frames.
        .target(name: "Vision", dependencies: ["CaptionFiles", "Captions", "Imaging", "Media", "CVision"]),
        // Presets, looks, reading rules, emoji annotations, palettes and where the shipped
        // files are (`Resources`): what a burn is configured by, read and checked.
        .target(name: "Cuts", dependencies: ["Captions", "Speech", "Files"]),
        .target(name: "Settings", dependencies: ["Captions", "Caching", "Imaging", "Layout", "Raster", "Vision", "UnicodeText", "Files"]),
        .target(name: "Pipeline", dependencies: ["CaptionFiles", "Cuts", "EditLists", "Settings", "Speech", "Vision", "Caching", "Captions", "Imaging", "Layout", "Raster", "Media", "UnicodeText", "CProcess", "Files"]),
        // The command surface shared by the command line and batch manifests: the options table
        // and its checks, output templates and combinations, transcribe, still, preview, the
        // sheet of looks, lint, `doctor` and the versions of what is linked.
        .target(name: "Commands", dependencies: ["CaptionFiles", "Cuts", "Pipeline", "Settings", "Captions", "Imaging", "Layout", "Raster", "Media", "Speech", "Vision", "Files"]),
        // Batches, shards, split renders (segments), job stamps: the render farm over Pipeline.
        .target(name: "Farm", dependencies: ["CaptionFiles", "Cuts", "Commands", "Settings", "Pipeline", "Speech", "Captions", "Imaging", "Layout", "Media", "Files"]),
        // `burn-captions review`: the local review page's server (libmicrohttpd) and its session.
        .target(name: "Review", dependencies: ["CaptionFiles", "Cuts", "Settings", "Pipeline", "Speech", "Captions", "Media", "CMicroHTTPD", "Files"]),
        // `burn-captions live`: a stream in, captions from a feed, burned, the stream out.
        .target(name: "Live", dependencies: ["CaptionFiles", "Captions", "Settings", "Pipeline", "Media", "Speech", "UnicodeText", "Files", "Imaging", "Raster"]),
        .executableTarget(name: "BurnCaptionsCLI", dependencies: ["CaptionFiles", "Cuts", "Commands", "Settings", "Pipeline", "Farm", "Speech", "Captions", "Layout", "Media", "Review", "Live", "CProcess", "Files"]),
        // `make bench-layout`: the cost of laying out and rasterizing one caption.
        .executableTarget(name: "LayoutBench", dependencies: ["CaptionFiles", "Settings", "Captions", "Layout", "Raster", "Pipeline", "CaptionCases"]),
        // `make fuzz`: the libFuzzer targets, and the executable that runs them (libFuzzer's
        // driver under -sanitize=fuzzer -DFUZZING, a runner for saved inputs otherwise).
        .target(name: "FuzzTargets", dependencies: ["CaptionFiles", "Settings", "Captions", "Layout", "Pipeline", "Review", "Speech", "CaptionCases"]),
        .target(name: "CFuzzer"),
        .executableTarget(name: "Fuzz", dependencies: ["FuzzTargets", "CFuzzer"]),

        // The case files of Tests/Cases (the caption cases of captions.json among them), for
        // the tests, LayoutBench and the fuzz seeds.
        .target(name: "CaptionCases", dependencies: ["Files"]),
        // What the test targets share: the checkout, scratch folders, the process runner,
        // golden record and compare, the frame reader and the pixel checks (optimized under
        // BURN_CAPTIONS_OPTIMIZE, unlike the test targets).
        .target(name: "TestSupport", dependencies: ["Imaging", "Media", "Captions", "CaptionCases", "Files"], path: "Tests/TestSupport"),

        .testTarget(name: "UnicodeTextTests", dependencies: ["UnicodeText"]),
        .testTarget(name: "CutsTests", dependencies: ["Cuts", "Captions", "Speech", "TestSupport"]),
        .testTarget(name: "EditListsTests", dependencies: ["EditLists", "TestSupport"]),
        .testTarget(name: "FilesTests", dependencies: ["Files", "TestSupport"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "Captions", "Files", "TestSupport"]),
        .testTarget(name: "CaptionsTests", dependencies: ["CaptionFiles", "Captions", "Caching", "TestSupport"]),
        .testTarget(name: "CaptionFilesTests", dependencies: ["CaptionFiles", "Captions", "UnicodeText", "TestSupport"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Imaging", "CaptionCases", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Caching", "Imaging", "TestSupport"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "Imaging", "CAVCodec", "CAVFilter", "CAVFormat", "CAVUtil", "TestSupport"]),
        .testTarget(
            name: "Golden", dependencies: ["Commands", "Settings", "Pipeline", "Imaging", "Captions", "Layout", "Raster", "Media", "CaptionCases", "TestSupport"],
            exclude: ["Cases", "Looks", "Bilingual", "Obstacles"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["CaptionFiles", "Settings", "FuzzTargets", "Captions", "Pipeline", "CaptionCases", "TestSupport"]),
        .testTarget(name: "ReviewTests", dependencies: ["Settings", "Review", "Cuts", "Files", "TestSupport"]),
        // The command line's parsers, as units.
        .testTarget(name: "CLITests", dependencies: ["Commands", "Settings", "BurnCaptionsCLI", "Pipeline", "TestSupport"]),
        .testTarget(name: "LiveTests", dependencies: ["Live", "Pipeline", "Captions", "CaptionFiles", "Media", "TestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["CaptionFiles", "Commands", "Settings", "Pipeline", "Speech", "Vision", "Farm", "Imaging", "Captions", "Layout", "Raster", "Media", "BurnCaptionsCLI", "CaptionCases", "Files", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make test` builds the test bundle with BURN_CAPTIONS_OPTIMIZE=1: the library and tool
// targets optimized (the suites that lay out and draw in the test process run about 20
// times faster), the test targets themselves not (they only drive and compare, and compile
// in a fraction of the time). Plain `swift build` is an ordinary debug build.
// The command surface (options, commands, batch, review, edit lists, fuzz targets) is glue
// that the tests only start: it stays unoptimized, and compiles in less time.
if Context.environment["BURN_CAPTIONS_OPTIMIZE"] == "1" {
    let glue: Set<String> = ["BurnCaptionsCLI", "Commands", "Farm", "Review", "EditLists", "FuzzTargets", "Fuzz", "LayoutBench"]
    for target in package.targets where (target.type == .regular || target.type == .executable) && !glue.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"])]
    }
}

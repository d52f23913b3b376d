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
        .library(name: "BurnCaptions", targets: ["Pipeline"]),
    ],
    targets: [
        // C libraries, each behind a shim of static inline wrappers.
        system("CAVFormat", "libavformat", "libavformat-dev"),
        system("CAVCodec", "libavcodec", "libavcodec-dev"),
        system("CAVFilter", "libavfilter", "libavfilter-dev"),
        system("CAVUtil", "libavutil", "libavutil-dev"),
        system("CSWScale", "libswscale", "libswscale-dev"),
        system("CSWResample", "libswresample", "libswresample-dev"),
        system("CFreeType", "freetype2", "libfreetype-dev"),
        system("CHarfBuzz", "harfbuzz", "libharfbuzz-dev"),
        system("CFontconfig", "fontconfig", "libfontconfig-dev"),
        system("CICUSystem", "icu-i18n", "libicu-dev"),
        // ICU behind a header without ICU types (Foundation and ICU headers clash).
        .target(name: "CICU", dependencies: ["CICUSystem"]),
        // The one Swift layer over CICU: scripts, breaks, bidi, language tags, transforms, charsets.
        .target(name: "UnicodeText", dependencies: ["CICU"]),
        // prctl and malloc_trim, for the process's own settings and memory.
        .target(name: "CProcess"),

        // Pipeline stages.
        // Positioned premultiplied pictures and colours: what Raster hands to Media.
        .target(name: "Imaging"),
        .target(name: "Captions", dependencies: ["UnicodeText"]),
        .target(name: "Layout", dependencies: ["Captions", "Imaging", "UnicodeText", "CFreeType", "CHarfBuzz", "CFontconfig"]),
        .target(name: "Raster", dependencies: ["Imaging", "Layout", "CFreeType", "CHarfBuzz"]),
        .target(name: "Media", dependencies: [
            "Imaging", "CAVFormat", "CAVCodec", "CAVFilter", "CAVUtil", "CSWScale", "CSWResample",
        ]),
        .target(name: "Pipeline", dependencies: ["Captions", "Imaging", "Layout", "Raster", "Media", "CProcess"]),
        .executableTarget(name: "BurnCaptionsCLI", dependencies: ["Pipeline", "Captions", "Layout", "Media", "CProcess"]),
        // `make bench-layout`: the cost of laying out and rasterizing one caption.
        .executableTarget(name: "LayoutBench", dependencies: ["Captions", "Layout", "Raster", "Pipeline"]),
        // `make fuzz`: the libFuzzer targets, and the executable that runs them (libFuzzer's
        // driver under -sanitize=fuzzer -DFUZZING, a runner for saved inputs otherwise).
        .target(name: "FuzzTargets", dependencies: ["Captions", "Layout", "Pipeline"]),
        .target(name: "CFuzzer"),
        .executableTarget(name: "Fuzz", dependencies: ["FuzzTargets", "CFuzzer"]),

        .testTarget(name: "UnicodeTextTests", dependencies: ["UnicodeText"]),
        .testTarget(name: "CaptionsTests", dependencies: ["Captions"], exclude: ["Cases"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Imaging"], exclude: ["Goldens"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Imaging"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "Imaging", "Captions", "Pipeline", "CAVCodec", "CAVFilter", "CAVFormat", "CAVUtil"]),
        .testTarget(
            name: "Golden", dependencies: ["Pipeline", "Imaging", "Captions", "Layout", "Raster", "Media"], exclude: ["Cases"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "Captions"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Imaging", "Captions", "Layout", "Raster", "Media", "BurnCaptionsCLI"]),
    ],
    swiftLanguageModes: [.v6]
)

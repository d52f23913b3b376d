import CFontconfig
import CFreeType
import CHarfBuzz
import UnicodeText

/// Versions of the text libraries in use.
public enum TextLibraries {
    public static var versions: [(name: String, version: String)] {
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        if let library = try? FontLibrary() { FT_Library_Version(library.handle, &major, &minor, &patch) }
        let fc = FcGetVersion()
        return [
            ("FreeType", "\(major).\(minor).\(patch)"), ("HarfBuzz", String(cString: hb_version_string())),
            ("fontconfig", "\(fc / 10000).\((fc / 100) % 100).\(fc % 100)"),
            ("ICU", ICU.version),
        ]
    }
}

import CICU

/// The ICU library this program runs with.
public enum ICU {
    /// ICU's version, e.g. "72.1".
    public static var version: String { CText.read(capacity: 32) { burn_icu_version($0, $1) }.text }
}

import Pipeline

/// A malformed manifest line.
package struct ManifestError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

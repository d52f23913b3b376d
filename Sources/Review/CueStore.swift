import CaptionFiles
import Captions
import Files
import Foundation

/// Where the review's cues live on disk: the caption file opened (its format and encoding as
/// given), its signature as opened or last saved (to tell when it changes on disk), and where
/// Save writes and in what format. The review's only I/O: it opens a `CueDocument`, saves one
/// (whole or not at all, the previous version kept as `FILE~`), and reloads the file.
struct CueStore: Sendable {
    /// The caption file opened.
    let file: String
    private let readFormat: CaptionFormat?  // the format the file is read as (nil: detected)
    private let readEncoding: String?  // its text encoding, as given (nil: detected)
    /// Where Save writes: the file itself, `NAME.reviewed.json` beside a Whisper or live log,
    /// or the file `--save-as` names.
    let savesTo: String
    /// The format Save writes: the document's, or the one `--save-as` names by its extension.
    private let saveFormat: CaptionFormat
    private var signature: FileSignature

    /// Opens `file` as `format` (nil: detected) in `encoding` (nil: detected), Save writing to
    /// `saveAs` (.srt, .vtt or .json, in that format; nil: see `savesTo`), checked now as an
    /// output is against `inputs` (a missing folder, or a folder in the file's place, would
    /// otherwise fail every Save and lose the session's edits). Gives the store and its cues.
    static func open(_ file: String, format: CaptionFormat?, encoding: String?, saveAs: String?, inputs: [String]) throws
        -> (CueStore, CueDocument)
    {
        let opened = try OpenedCaptions(file, format: format, encoding: encoding)
        let saveFormat = try saveAs.map(Self.saveFormat) ?? opened.format
        if let saveAs { try OutputFile.check(AtomicFile.resolve(saveAs), inputs: inputs) }
        let store = CueStore(
            file: file, readFormat: format, readEncoding: encoding, savesTo: saveAs ?? opened.savesTo, saveFormat: saveFormat,
            signature: opened.signature)
        return (store, store.document(opened))
    }

    /// The format a `--save-as` file's extension names.
    private static func saveFormat(_ path: String) throws -> CaptionFormat {
        guard let format = CaptionWriter.format(forPath: path)?.captionFormat else {
            throw ReviewError("\(path): review saves .srt, .vtt or .json")
        }
        return format
    }

    /// The signature of `file` now; a file that cannot be read is the review's conflict.
    static func signature(of file: String) throws(ReviewError) -> FileSignature {
        do throws(FileError) {
            return try FileSignature(file)
        } catch {
            throw ReviewError(error.description)
        }
    }

    /// Whether the file changed on disk since it was opened or last saved.
    var changedOnDisk: Bool { (try? FileSignature(file)) != signature }

    /// Whether the file is as it was opened or last saved; one that cannot be read is said why.
    func unchangedOnDisk() throws -> Bool { try Self.signature(of: file) == signature }

    /// Why a save is refused once the file changed on disk.
    var changedMessage: String {
        "\(file) changed on disk since it was opened; not saved (reload it to review the new version)"
    }

    /// Writes `document`'s edits into `savesTo`, whole or not at all (`AtomicFile`: through a
    /// link to its target, keeping its mode and owner), the previous version kept as `FILE~`
    /// beside the file written (a copy with the file's mode; a link there is replaced, never
    /// followed). Refused when the file changed on disk since it was opened or last saved.
    /// Gives the document as the file now holds it when Save wrote the file itself (its cues'
    /// places may have moved), else nil (the document stays as it is).
    mutating func save(_ document: CueDocument) throws -> CueDocument? {
        guard try unchangedOnDisk() else { throw ReviewError(changedMessage) }
        let data = try saved(document)
        do throws(FileError) {
            try Self.write(data, over: savesTo)
        } catch {
            throw ReviewError("not saved: \(error)")
        }
        guard savesTo == file else { return nil }
        signature = try Self.signature(of: file)
        let text = String(decoding: data, as: UTF8.self)
        let read = try CaptionReader.read(data, path: file, format: document.format)
        return CueDocument(file: file, format: document.format, text: text, segments: read.segments)
    }

    /// Writes `data` as the whole of `path`, whole or not at all (`AtomicFile`: through a link
    /// to its target, keeping its mode and owner), the previous version kept as `FILE~` beside
    /// it (a copy with the file's mode; a link there is replaced, never followed). The
    /// review's one way of writing a file it was given (the captions, the cut file).
    static func write(_ data: Data, over path: String) throws(FileError) {
        let target = AtomicFile.resolve(path)
        if let previous = FileManager.default.contents(atPath: target) {
            try AtomicFile.write(previous, to: target + "~", permissions: .like(target), links: .replace)
        }
        try AtomicFile.write(data, to: target, permissions: .keepModeAndOwner(newFile: 0o644))
    }

    /// The file read again as it is on disk now (its cues replace the edits), as long as it is
    /// still of `format`.
    mutating func reload(as format: CaptionFormat) throws -> CueDocument {
        let opened = try OpenedCaptions(file, format: readFormat, encoding: readEncoding)
        guard opened.format == format else { throw ReviewError("\(file) is no longer a \(format.rawValue) file") }
        signature = opened.signature
        return document(opened)
    }

    /// The cues of `opened`, unedited.
    private func document(_ opened: OpenedCaptions) -> CueDocument {
        CueDocument(file: file, format: opened.format, text: opened.text, segments: opened.segments)
    }

    /// `document`'s edits as Save writes them: the file's text with the edits, or, when
    /// `--save-as` names another format, the edited cues written anew in it (the file's markup
    /// and notes are not carried over).
    private func saved(_ document: CueDocument) throws -> Data {
        let data = try document.edited()
        guard saveFormat != document.format else { return data }
        let captions = OpenedCaptions.captions(try CaptionReader.read(data, path: file, format: document.format))
        return try CaptionWriter.data(captions, format: saveFormat)
    }
}

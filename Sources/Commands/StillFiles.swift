import Files
import Foundation
import Media
import Pipeline

/// `burn-captions still` and `preview`: one frame with its caption written as PNG, or a
/// contact sheet of every caption at its midpoint, each labelled with its time range.
extension Burner {
    /// Writes the frame at `time` seconds, with the caption on screen then, to the request's
    /// output (PNG), with `guides` outlined. A time after the video's end fails, naming how
    /// long the video is. Decodes frames up to that time only.
    public static func still(
        _ request: BurnRequest, at time: Double, guides: StillGuides = StillGuides(), events: (BurnEvent) -> Void = { _ in }
    ) throws {
        do {
            let output = try pngOutput(request)
            let file = try OutputFile(output: output, inputs: request.inputFiles)
            try file.write(Data(try stillPicture(request, at: time, guides: guides, events: events)))
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// Writes a contact sheet: one thumbnail per caption at its midpoint, `columns` to a row,
    /// each labelled with its time range, in pages of at most `ContactSheet.maximumHeight`
    /// pixels (the request's output names them: see `SheetPageNames`). Returns the files written.
    @discardableResult
    public static func preview(
        _ request: BurnRequest, columns: Int = 4, guides: StillGuides = StillGuides(), events: (BurnEvent) -> Void = { _ in }
    ) throws -> [String] {
        do {
            let output = try pngOutput(request)
            let names = try SheetPageNames(output)
            try OutputFile.check(names.name(page: 0, of: 1), inputs: request.inputFiles)
            let plan = try Burner.prepare(request, events: events)
            let captions = plan.captions
            // A sheet shows the captions: a file with none to show makes none (the warning said why).
            guard !captions.isEmpty else { throw BurnError.input("\(request.captions.file): no captions to show, so no contact sheet") }
            let sheet = ContactSheet(
                count: captions.count, columns: columns, frameWidth: plan.info.width, frameHeight: plan.info.height)
            let pages = (0..<sheet.pageCount).map { names.name(page: $0, of: sheet.pageCount) }
            for page in pages { try OutputFile.check(page, inputs: request.inputFiles) }
            let times = captions.map { ($0.start + $0.end) / 2 }
            var written = 0
            try FrameGrabber(input: plan.input).frames(at: times) { index, canvas in
                if let bitmap = try plan.bitmap(at: times[index]) { canvas.blend(bitmap) }
                plan.draw(guides, at: times[index], on: canvas)
                if let (page, canvas) = try sheet.add(canvas, at: index, label: ContactSheet.label(captions[index]), engine: plan.labelEngine) {
                    try OutputFile(output: pages[page], inputs: request.inputFiles).write(Data(try canvas.png(file: pages[page])))
                    written += 1
                }
            }
            guard written == pages.count else { throw BurnError.input("\(request.input.name): no frame could be decoded") }
            if pages.count > 1 { events(.notice("wrote \(pages.count) pages: \(pages[0]) ... \(pages[pages.count - 1])")) }
            return pages
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// The PNG file the request writes: any other output is a usage error.
    private static func pngOutput(_ request: BurnRequest) throws -> String {
        guard let output = request.output.path else { throw BurnError.usage("still and preview need an output (-o FILE.png)") }
        guard URL(fileURLWithPath: output).pathExtension.lowercased() == "png" else {
            throw BurnError.usage("\(output): still and preview write PNG pictures; name the output .png")
        }
        return output
    }
}

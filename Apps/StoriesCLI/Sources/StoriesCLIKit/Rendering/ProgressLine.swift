/// The line `list --all` keeps redrawing on standard error while stories arrive: stories so far, pages, rate.
/// Drawn only when `OutputWriting.showsProgress` allows, and erased before the command ends.
struct ProgressLine {
    private let output: any OutputWriting
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var isShown = false

    init(output: any OutputWriting) {
        self.output = output
        start = clock.now
    }

    mutating func update(stories: Int, pages: Int) {
        guard output.showsProgress else { return }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int(Double(stories) / seconds) : 0
        // Carriage return and erase-line redraw the same line instead of scrolling.
        output.writeError("\r\u{1B}[2K\(stories) stories, \(pages) pages, \(rate) stories/s")
        isShown = true
    }

    mutating func erase() {
        guard isShown else { return }
        output.writeError("\r\u{1B}[2K")
        isShown = false
    }
}

import StoriesDomain
import StoriesPresentation

/// The human layout: numbered rows, continued across pages.
struct HumanStoryListWriter: StoryListWriting {
    private let output: any OutputWriting
    private let formatter: StoryRowFormatter
    private var written = 0

    init(output: any OutputWriting, formatter: StoryRowFormatter) {
        self.output = output
        self.formatter = formatter
    }

    mutating func write(_ page: StoryPage) throws {
        guard !page.stories.isEmpty else { return }
        let rows = page.stories.map(formatter.row(for:))
        try output.write(
            StoryListRenderer.render(rows, startingAt: written + 1, color: output.usesColor, width: output.lineWidth))
        written += rows.count
    }

    mutating func finish(resumeCursor: StoryCursor?) throws {
        if written == 0, resumeCursor == nil { try output.write("No stories yet.\n") }
    }
}

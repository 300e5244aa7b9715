import StoriesDomain
import StoriesPresentation

/// The human layout: rows led by their ids, continued across pages.
struct HumanStoryListWriter: StoryListWriting {
    private let output: any OutputWriting
    private var written = 0

    init(output: any OutputWriting) {
        self.output = output
    }

    mutating func write(stories: [Story], rows: [StoryRow]) throws {
        guard !rows.isEmpty else { return }
        try output.write(StoryListRenderer.render(rows, color: output.usesColor, width: output.lineWidth))
        written += rows.count
    }

    mutating func finish(resumeCursor: StoryCursor?, skipped: [SkippedStory]) throws {
        if written == 0, resumeCursor == nil { try output.write("No stories yet.\n") }
    }
}

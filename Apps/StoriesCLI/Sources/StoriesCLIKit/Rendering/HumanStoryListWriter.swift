import StoriesDomain
import StoriesPresentation

/// The human layout: numbered rows, continued across pages.
struct HumanStoryListWriter: StoryListWriting {
    private let output: any OutputWriting
    private let firstNumber: Int
    private var written = 0

    /// - Parameter firstNumber: the number of the first story written (`--start-number`).
    init(output: any OutputWriting, firstNumber: Int = 1) {
        self.output = output
        self.firstNumber = firstNumber
    }

    mutating func write(stories: [Story], rows: [StoryRow]) throws {
        guard !rows.isEmpty else { return }
        try output.write(
            StoryListRenderer.render(
                rows, startingAt: firstNumber + written, color: output.usesColor, width: output.lineWidth))
        written += rows.count
    }

    mutating func finish(resumeCursor: StoryCursor?, skipped: [SkippedStory]) throws {
        if written == 0, resumeCursor == nil { try output.write("No stories yet.\n") }
    }
}

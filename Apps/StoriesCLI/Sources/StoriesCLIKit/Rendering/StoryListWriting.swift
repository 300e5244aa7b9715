import StoriesDomain
import StoriesPresentation

/// Writes a story list page by page as the pages arrive, so that output starts at once and memory stays flat.
protocol StoryListWriting {
    /// Writes one page: its stories as they are (JSON) or its rows (the human layout).
    mutating func write(stories: [Story], rows: [StoryRow]) throws
    /// Ends the output. `resumeCursor` is where the list could continue: the next page after the last one written,
    /// or the page that failed; `skipped` is every item the server sent that could not be shown.
    mutating func finish(resumeCursor: StoryCursor?, skipped: [SkippedStory]) throws
}

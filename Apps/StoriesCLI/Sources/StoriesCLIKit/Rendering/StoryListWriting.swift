import StoriesDomain

/// Writes a story list page by page as the pages arrive, so that output starts at once and memory stays flat.
protocol StoryListWriting {
    /// Writes one page.
    mutating func write(_ page: StoryPage) throws
    /// Ends the output. `resumeCursor` is where the list could continue: the next page after the last one written,
    /// or the page that failed.
    mutating func finish(resumeCursor: StoryCursor?) throws
}

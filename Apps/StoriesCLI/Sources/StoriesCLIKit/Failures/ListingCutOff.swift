import StoriesDomain

/// A text listing that stopped at a page that failed, after earlier pages were printed: the failure, and the command
/// that lists from that page on (`--json` output carries the cursor in its `nextCursor` instead).
struct ListingCutOff: Error, Equatable {
    let failure: StoryServiceError
    /// `stories-cli list … --cursor C`, each word quoted for a shell.
    let resumeCommand: String
}

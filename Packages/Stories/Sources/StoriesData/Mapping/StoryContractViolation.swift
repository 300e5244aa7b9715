/// What is wrong with a story the server sent.
enum StoryContractViolation: Error, Sendable, Equatable {
    case emptyID
    case negativeCount
    case invalidURL

    /// The reason reported for a skipped story (the `reason` field of `list --json`'s `skipped` entries).
    var skipReason: String {
        switch self {
        case .emptyID: "the id is empty"
        case .negativeCount: "a count is negative"
        case .invalidURL: "the url is not an http(s) URL with a host"
        }
    }
}

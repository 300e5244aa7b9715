import Authorization

extension ServerOrigin {
    /// The base URL as a person would write it.
    var displayURL: String { url.absoluteString }
}

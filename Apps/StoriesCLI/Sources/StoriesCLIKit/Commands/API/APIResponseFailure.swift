/// How a `stories-cli api` run ended short of a complete success, after the request was sent. Worded by
/// `FailureMessages`.
enum APIResponseFailure: Error, Equatable, Sendable {
    /// The server answered with a status outside 2xx; its body has been printed. `relativePath` is the request's
    /// path under the server URL, whose own path is `basePath` (`/v1`).
    case status(code: Int, reason: String, relativePath: String, basePath: String)
    /// `--paginate`: the next page's link leads outside the session's server.
    case nextPageOutsideServer(link: String)
    /// `--paginate --slurp`: a page is not JSON, so it cannot go into the array.
    case pageNotJSON(page: Int)
    /// `--paginate` followed as many pages as a listing may have (`ConnectionLimits.maximumPages`) and more follow.
    case tooManyPages(limit: Int)
}

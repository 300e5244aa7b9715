import Foundation

/// The server URL a sign-in was given answers 404 for the API's public health resource (`GET /health` under it),
/// and the same URL with `/v1` added answers it: a server is there, but the API is under `/v1`, typically
/// `http://127.0.0.1:8080` given for `http://127.0.0.1:8080/v1`. A sign-in at the URL given can still succeed (the
/// authorization server's metadata is at the origin's root), and every command after it would fail with 404, so it
/// is caught before.
struct APINotFoundAtServerURL: Error, Equatable {
    let serverURL: URL
    /// Where the health resource answered.
    let apiURL: URL

    /// The URL the API likely has when `serverURL` answers 404: `serverURL` with `/v1` added, unless it ends in
    /// `/v1` already.
    static func likelyAPIURL(for serverURL: URL) -> URL? {
        var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: false)
        var path = components?.path ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        guard !path.hasSuffix("/v1") else { return nil }
        components?.path = path + "/v1"
        components?.query = nil
        components?.fragment = nil
        return components?.url
    }
}

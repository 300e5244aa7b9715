import Foundation
import HTTPTypes
import StoriesData

/// Where `--paginate` goes after a page: the target of the response's `Link: <…>; rel="next"` (RFC 8288, resolved
/// against the page's URL), else the page's URL with `cursor` set to the body's top-level `nextCursor`; `nil` when
/// neither says that more follow.
enum APINextPage {
    static func target(
        after response: HTTPResponse, body: [UInt8], of current: APIRequestTarget, serverURL: URL
    ) throws(APIResponseFailure) -> APIRequestTarget? {
        if let field = response.headerFields[linkField], let link = NextPageLink.nextTarget(inLinkField: field) {
            guard let url = URL(string: link, relativeTo: current.url)?.absoluteURL,
                let target = try? APIRequestTarget.under(serverURL, url, argument: link)
            else { throw .nextPageOutsideServer(link: link) }
            return target
        }
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let cursor = object["nextCursor"] as? String, !cursor.isEmpty,
            var components = URLComponents(url: current.url, resolvingAgainstBaseURL: true)
        else { return nil }
        var items = (components.queryItems ?? []).filter { $0.name != "cursor" }
        items.append(URLQueryItem(name: "cursor", value: cursor))
        components.queryItems = items
        // `queryItems` leaves `+` as it is, which a server reads as a space: a cursor is opaque, so encode it.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url, let target = try? APIRequestTarget.under(serverURL, url, argument: cursor)
        else { throw .nextPageOutsideServer(link: cursor) }
        return target
    }

    /// A literal token: the initialiser fails only on characters a field name cannot have.
    private static let linkField = HTTPField.Name("Link")!
}

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
        // The query as it was sent, but for the cursor: a cursor is opaque, so every reserved character is encoded.
        var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != "cursor" }
        items.append(URLQueryItem(name: "cursor", value: APIRequestTarget.percentEncoded(cursor)))
        components.percentEncodedQueryItems = items
        guard let url = components.url, let target = try? APIRequestTarget.under(serverURL, url, argument: cursor)
        else { throw .nextPageOutsideServer(link: cursor) }
        return target
    }

    /// A literal token: the initialiser fails only on characters a field name cannot have.
    private static let linkField = HTTPField.Name("Link")!
}

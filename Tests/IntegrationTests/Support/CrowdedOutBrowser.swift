import Foundation

@testable import StoriesCLIKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plays a browser that is slow to open while another user of the same machine (the same client address) pushes
/// authorization requests in a loop: before it opens the sign-in page, it pushes `pushes` requests of its own to
/// `pushEndpoint`, then opens the page and follows any redirect, as a browser does.
final class CrowdedOutBrowser: BrowserOpening {
    let pushEndpoint: URL
    let pushes: Int
    private let visits: AsyncStream<Task<AuthorizationPageBrowser.Visit, any Error>>
    private let opened: AsyncStream<Task<AuthorizationPageBrowser.Visit, any Error>>.Continuation

    init(pushEndpoint: URL, pushes: Int) {
        self.pushEndpoint = pushEndpoint
        self.pushes = pushes
        (visits, opened) = AsyncStream.makeStream()
    }

    var canOpenBrowser: Bool { true }

    func open(_ url: URL) throws {
        let pushEndpoint = pushEndpoint
        let pushes = pushes
        let visit = Task {
            let session = URLSession(configuration: .ephemeral)
            for _ in 0..<pushes { try await Self.push(to: pushEndpoint, session: session) }
            let (answer, response) = try await session.data(from: url)
            let http = response as? HTTPURLResponse
            return AuthorizationPageBrowser.Visit(
                url: url, status: http?.statusCode ?? 0, page: String(decoding: answer, as: UTF8.self),
                finalURL: http?.url)
        }
        opened.yield(visit)
    }

    /// The first page opened, once the browser is done with it; `nil` if `noMorePages()` came first.
    func firstVisit() async throws -> AuthorizationPageBrowser.Visit? {
        var iterator = visits.makeAsyncIterator()
        return try await iterator.next()?.value
    }

    /// Ends the wait of `firstVisit()`: the command that would open a page has ended.
    func noMorePages() {
        opened.finish()
    }

    /// One well-formed request of the neighbour's, to its own loopback port.
    private static func push(to endpoint: URL, session: URLSession) async throws {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let fields = [
            ("response_type", "code"), ("client_id", "stories-cli"), ("redirect_uri", "http://127.0.0.1:9/callback"),
            ("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"), ("code_challenge_method", "S256"),
            ("state", "neighbour"),
        ]
        request.httpBody = Data(
            fields.map { "\(DeviceVerificationBrowser.encode($0.0))=\(DeviceVerificationBrowser.encode($0.1))" }
                .joined(separator: "&").utf8)
        let (_, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 201 else { throw PushRefused() }
    }

    struct PushRefused: Error {}
}

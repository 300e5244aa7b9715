import Foundation
import Synchronization

@testable import StoriesCLIKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plays the person's browser for `login`'s browser sign-in: given the sign-in page's address, it opens the page,
/// reads the form's CSRF token, posts the username, the password and a decision as the form would, and follows the
/// server's redirect to the CLI's loopback listener, as a browser does. `login` gets it instead of `$BROWSER`.
final class AuthorizationPageBrowser: BrowserOpening {
    struct Visit: Sendable {
        /// The address `login` asked to open.
        var url: URL
        /// The status and text of the last page: the listener's answer, once the redirect was followed.
        var status: Int
        var page: String
        /// Where the last page came from.
        var finalURL: URL?
    }

    let decision: String
    let password: String
    private let visits = Mutex<[Task<Visit, any Error>]>([])

    init(decision: String, password: String = "demo-password") {
        self.decision = decision
        self.password = password
    }

    var canOpenBrowser: Bool { true }

    func open(_ url: URL) throws {
        let decision = decision
        let password = password
        let visit = Task { try await Self.signIn(at: url, decision: decision, password: password) }
        visits.withLock { $0.append(visit) }
    }

    /// Every page `login` opened, once the browser is done with it.
    func finishedVisits() async throws -> [Visit] {
        var done: [Visit] = []
        for visit in visits.withLock({ $0 }) { done.append(try await visit.value) }
        return done
    }

    static func signIn(at url: URL, decision: String, password: String) async throws -> Visit {
        let session = URLSession(configuration: .ephemeral)
        let (pageData, _) = try await session.data(from: url)
        let page = String(decoding: pageData, as: UTF8.self)
        guard let token = page.firstMatch(of: /name="csrf_token" value="([^"]*)"/)?.1 else {
            throw MissingFormField(name: "csrf_token")
        }
        guard let action = page.firstMatch(of: /<form method="post" action="([^"]*)"/)?.1,
            let target = URL(string: String(action), relativeTo: url)
        else { throw MissingFormField(name: "form action") }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let fields = [
            ("csrf_token", String(token)), ("username", "demo"), ("password", password), ("decision", decision),
        ]
        request.httpBody = Data(
            fields.map { "\(DeviceVerificationBrowser.encode($0.0))=\(DeviceVerificationBrowser.encode($0.1))" }
                .joined(separator: "&").utf8)
        // URLSession follows the 302 to the loopback redirect URI, as a browser would.
        let (answer, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        return Visit(
            url: url, status: http?.statusCode ?? 0, page: String(decoding: answer, as: UTF8.self), finalURL: http?.url)
    }
}

/// A browser that cannot be opened: `login` must fall back to a device code.
struct NoBrowser: BrowserOpening {
    var canOpenBrowser: Bool { false }
    func open(_ url: URL) throws { throw CancellationError() }
}

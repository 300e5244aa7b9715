import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plays the person at the device verification page: opens it, reads the form's CSRF token, and submits the user
/// code with the demo account's username and password and a decision, as a browser would post the form.
struct DeviceVerificationBrowser {
    let session = URLSession(configuration: .ephemeral)

    /// Opens `verificationURI`, submits `userCode` with `decision` (`approve` or `deny`), and returns the page the
    /// server answered with and its status.
    func submit(
        userCode: String, decision: String, at verificationURI: URL, username: String = "demo",
        password: String = "demo-password"
    ) async throws -> (status: Int, page: String) {
        let (pageData, _) = try await session.data(from: verificationURI)
        let page = String(decoding: pageData, as: UTF8.self)
        guard let token = page.firstMatch(of: /name="csrf_token" value="([^"]*)"/)?.1 else {
            throw MissingFormField(name: "csrf_token")
        }
        var request = URLRequest(url: verificationURI)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let fields = [
            ("csrf_token", String(token)), ("user_code", userCode), ("username", username), ("password", password),
            ("decision", decision),
        ]
        request.httpBody = Data(fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&").utf8)
        let (answer, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: answer, as: UTF8.self))
    }

    /// `application/x-www-form-urlencoded` for one name or value: unreserved characters as they are, the rest
    /// percent-encoded.
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

struct MissingFormField: Error {
    var name: String
}

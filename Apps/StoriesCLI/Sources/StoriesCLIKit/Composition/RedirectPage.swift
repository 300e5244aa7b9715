import Authorization

/// What the loopback listener answers the browser: a short page that says whether to go back to the terminal, and
/// nothing secret (no code, no state, no server text).
struct RedirectPage {
    let status: String
    let title: String
    let message: String

    static let notFound = RedirectPage(
        status: "404 Not Found", title: "Not found", message: "stories-cli is waiting for a sign-in here.")
    static let tooLarge = RedirectPage(
        status: "431 Request Header Fields Too Large", title: "Request too large",
        message: "stories-cli did not read this request.")

    init(status: String, title: String, message: String) {
        self.status = status
        self.title = title
        self.message = message
    }

    init(_ result: Result<Secret, AuthorizationRedirectError>) {
        switch result {
        case .success:
            self.init(
                status: "200 OK", title: "Sign-in received",
                message: "stories-cli is finishing the sign-in. You can close this window and return to the terminal.")
        case .failure(.denied):
            self.init(
                status: "200 OK", title: "Sign-in denied",
                message: "stories-cli was not signed in. You can close this window.")
        case .failure:
            self.init(
                status: "400 Bad Request", title: "Sign-in failed",
                message: "stories-cli was not signed in; the terminal says why. You can close this window.")
        }
    }

    /// The whole HTTP/1.1 response, closing the connection.
    var response: [UInt8] {
        let body = Array(
            """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
            <body><h1>\(title)</h1><p>\(message)</p></body></html>

            """.utf8)
        let headers = [
            "HTTP/1.1 \(status)", "Content-Type: text/html; charset=utf-8", "Content-Length: \(body.count)",
            "Cache-Control: no-store", "Referrer-Policy: no-referrer",
            "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'", "X-Content-Type-Options: nosniff",
            "Connection: close",
        ]
        return Array((headers.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }
}

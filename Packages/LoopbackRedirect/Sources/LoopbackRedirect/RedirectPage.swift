import NIOHTTP1

/// One page the loopback listener answers the browser with (see `RedirectPages`).
struct RedirectPage {
    let status: HTTPResponseStatus
    let title: String
    let message: String

    init(status: HTTPResponseStatus, title: String, message: String) {
        self.status = status
        self.title = title
        self.message = message
    }

    /// The HTML page.
    var body: [UInt8] {
        Array(
            """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
            <body><h1>\(title)</h1><p>\(message)</p></body></html>

            """.utf8)
    }

    /// The response head for a body of `bodyLength` bytes: nothing cached, nothing referred, no script, and the
    /// connection closed after it.
    func head(bodyLength: Int) -> HTTPResponseHead {
        HTTPResponseHead(
            version: .http1_1, status: status,
            headers: [
                "Content-Type": "text/html; charset=utf-8", "Content-Length": String(bodyLength),
                "Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
                "X-Content-Type-Options": "nosniff", "Connection": "close",
            ])
    }
}

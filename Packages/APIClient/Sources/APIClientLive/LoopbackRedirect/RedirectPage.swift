/// One page the loopback listener answers the browser with (see `RedirectPages`).
struct RedirectPage {
    let status: String
    let title: String
    let message: String

    init(status: String, title: String, message: String) {
        self.status = status
        self.title = title
        self.message = message
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

import HTTPTypes
import Hummingbird

/// A small server-rendered page: a title and body markup in which every piece of supplied text is already escaped.
struct HTMLPage {
    var title: String
    /// Markup; the caller escapes what it interpolates.
    var body: String

    /// The page with headers that keep it out of caches and frames (a consent page in a frame could be clicked
    /// through, RFC 6749 §10.13) and let it load nothing but its own inline style.
    func response(status: HTTPResponse.Status = .ok) -> Response {
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title.htmlEscaped) · Stories</title>
            <style>
            body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
            label { display: block; margin: 0.75rem 0; }
            input { display: block; width: 100%; padding: 0.4rem; box-sizing: border-box; }
            .error { color: #a00; }
            .code { font-family: ui-monospace, monospace; font-size: 1.4rem; letter-spacing: 0.1rem; }
            button { margin-right: 0.5rem; padding: 0.4rem 1rem; }
            </style>
            </head>
            <body>
            <h1>\(title.htmlEscaped)</h1>
            \(body)
            </body>
            </html>

            """
        return Response(status: status, headers: Self.headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static let headers: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Content-Security-Policy")!:
            "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
    ]

    /// A paragraph in the error style, or nothing.
    static func errorParagraph(_ message: String?) -> String {
        message.map { #"<p class="error" role="alert">\#($0.htmlEscaped)</p>"# } ?? ""
    }

    /// A page that only says what went wrong.
    static func error(_ title: String, _ message: String, status: HTTPResponse.Status) -> Response {
        HTMLPage(title: title, body: "<p>\(message.htmlEscaped)</p>").response(status: status)
    }

    /// The 400 for a form or query that is not `application/x-www-form-urlencoded`, saying what is wrong.
    static func malformedForm(_ malformed: FormParameters.Malformed) -> Response {
        error("Bad request", malformed.detail, status: .badRequest)
    }

    /// The 403 for a form whose CSRF token is missing, unknown, expired or spent. `retry` is markup (a constant) saying how to start again.
    static func forbiddenForm(retry: String) -> Response {
        HTMLPage(
            title: "This form has expired",
            body: """
                <p>The form was not issued by this server, was already sent, or is too old.</p>
                <p>\(retry)</p>
                """
        ).response(status: .forbidden)
    }
}

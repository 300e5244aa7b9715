import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends the requests of one `stories-cli api` run through the session's middleware stack and writes what comes
/// back: each response's body as it arrives (one document per page with `--paginate`, or one array with `--slurp`),
/// with `--include` its status line and header fields first, never a credential.
struct APIExchange {
    let client: RawAPIClient
    let output: any OutputWriting
    /// The largest body a response may have (the client's bounds already enforce it; this bounds the copy).
    let maximumResponseBytes: Int
    /// How many pages `--paginate` follows before it gives up on a listing that never ends.
    let maximumPages: Int

    /// Response fields whose values are credentials, or could echo one: printed as `<redacted>` by `--include`.
    static let redactedFields: Set<HTTPField.Name> = [
        .authorization, .proxyAuthorization, HTTPField.Name("DPoP")!, .cookie, .setCookie,
    ]

    func run(_ plan: APIRequestPlan) async throws {
        var target = plan.target
        var page = 0
        var arrayOpen = false
        do {
            while true {
                page += 1
                let request = HTTPRequest(
                    method: plan.method, scheme: nil, authority: nil, path: target.relativePath,
                    headerFields: plan.headerFields)
                let (response, responseBody) = try await client.send(
                    request, body: plan.body.map { HTTPBody($0) }, baseURL: client.serverURL)
                var body: [UInt8] = []
                if let responseBody { body = try await [UInt8](collecting: responseBody, upTo: maximumResponseBytes) }
                if plan.include { try output.write(Self.head(of: response)) }
                guard response.status.kind == .successful else {
                    // As `gh api`: the body of an error is printed too, it says what went wrong. Outside the array.
                    if arrayOpen {
                        try output.write("]\n")
                        arrayOpen = false
                        // stderr is a terminal more often than not, whatever stdout is: always made harmless.
                        output.writeError(text(body, endingWithNewline: true, harmless: true))
                    } else {
                        try output.write(text(body, endingWithNewline: true))
                    }
                    throw APIResponseFailure.status(
                        code: response.status.code, reason: response.status.reasonPhrase,
                        relativePath: target.relativePath, basePath: client.serverURL.path)
                }
                if plan.slurp {
                    guard (try? JSONSerialization.jsonObject(with: Data(body), options: .fragmentsAllowed)) != nil
                    else { throw APIResponseFailure.pageNotJSON(page: page) }
                    try output.write((arrayOpen ? "," : "[") + text(body, endingWithNewline: false))
                    arrayOpen = true
                } else {
                    try output.write(text(body, endingWithNewline: true))
                }
                guard plan.paginate,
                    let next = try APINextPage.target(
                        after: response, body: body, of: target, serverURL: client.serverURL)
                else { break }
                guard page < maximumPages else { throw APIResponseFailure.tooManyPages(limit: maximumPages) }
                target = next
            }
            if arrayOpen { try output.write("]\n") }
        } catch {
            // What arrived stays a valid JSON array: the exit status says that it is not all.
            if arrayOpen { try? output.write("]\n") }
            throw error
        }
    }

    /// `body` as text for the output; on a terminal (or when `harmless`), with the controls a terminal would obey made
    /// harmless.
    private func text(_ body: [UInt8], endingWithNewline: Bool, harmless: Bool = false) -> String {
        var text = String(decoding: body, as: UTF8.self)
        if harmless || output.lineWidth != nil { text = Self.harmless(text) }
        if endingWithNewline, !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        if !endingWithNewline { text = text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return text
    }

    /// The status line and header fields, then an empty line, as `curl -i` prints them (the client speaks HTTP/1.1
    /// only: see the limits in docs/CLI.md).
    static func head(of response: HTTPResponse) -> String {
        // The transport passes the status code on without its reason phrase, as HTTP/2 has none.
        let reason =
            response.status.reasonPhrase.isEmpty ? "" : " " + TerminalText.sanitize(response.status.reasonPhrase)
        var head = "HTTP/1.1 \(response.status.code)\(reason)\n"
        for field in response.headerFields {
            let value = redactedFields.contains(field.name) ? "<redacted>" : TerminalText.sanitize(field.value)
            head += "\(TerminalText.sanitize(field.name.rawName)): \(value)\n"
        }
        return head + "\n"
    }

    /// Text a terminal shows and does not obey: C0 controls other than tab and line feed become U+FFFD (a carriage
    /// return too, which would let text overwrite what the line shows, unless it ends a line: CRLF becomes LF), and
    /// what `JSONTerminalEscaping` escapes (DEL, C1, bidi controls) is escaped as in JSON.
    static func harmless(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        var pendingCarriageReturn = false
        for scalar in text.unicodeScalars {
            if pendingCarriageReturn {
                pendingCarriageReturn = false
                if scalar != "\n" { kept.append("\u{FFFD}") }
            }
            if scalar == "\r" {
                pendingCarriageReturn = true
            } else if scalar.value < 0x20, scalar != "\t", scalar != "\n" {
                kept.append("\u{FFFD}")
            } else {
                kept.append(scalar)
            }
        }
        if pendingCarriageReturn { kept.append("\u{FFFD}") }
        return JSONTerminalEscaping.escape(String(kept))
    }
}

import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// A `ClientTransport` without a socket: every request gets the same status, headers and bytes, after `delay` when
/// one is given. What a benchmark over it measures is the client's own work (and the delay, where that is the
/// point).
final class CannedTransport: ClientTransport {
    private let status: HTTPResponse.Status
    private let headerFields: HTTPFields
    private let bytes: [UInt8]
    private let delay: Duration?
    private let sent = Atomic<Int>(0)
    private let proofs = Atomic<Int>(0)

    init(status: HTTPResponse.Status = .ok, headerFields: HTTPFields, bytes: [UInt8], delay: Duration? = nil) {
        self.status = status
        self.headerFields = headerFields
        self.bytes = bytes
        self.delay = delay
    }

    /// An instant `200 OK` with a JSON body.
    convenience init(json: [UInt8], delay: Duration? = nil) {
        self.init(headerFields: [.contentType: "application/json"], bytes: json, delay: delay)
    }

    /// How many requests it has answered: a benchmark checks it did the work it claims (one refresh, not a thousand).
    var requestCount: Int { sent.load(ordering: .relaxed) }

    /// How many requests carried a `DPoP` proof header (RFC 9449): a DPoP benchmark checks that it signs at all.
    var proofCount: Int { proofs.load(ordering: .relaxed) }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        sent.add(1, ordering: .relaxed)
        if let name = HTTPField.Name("DPoP"), request.headerFields[name] != nil { proofs.add(1, ordering: .relaxed) }
        if let delay { try await Task.sleep(for: delay) }
        return (HTTPResponse(status: status, headerFields: headerFields), HTTPBody(bytes))
    }
}

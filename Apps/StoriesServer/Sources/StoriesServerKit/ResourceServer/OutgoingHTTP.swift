import AsyncHTTPClient
import Foundation
import NIOCore

/// Why a request to the authorization server produced no answer.
enum OutgoingFailure: Error, Equatable {
    /// No connection, or it broke before the answer was complete.
    case unreachable
    /// No complete answer, body included, within the timeout.
    case timedOut
    /// The body is longer than allowed.
    case tooLarge
}

/// Requests to the external authorization server, each bounded: one deadline for the whole exchange, the body
/// included (AsyncHTTPClient's own deadline ends with the response head), and a cap on the body. Redirects are not
/// followed: a client secret or a token must not travel on to wherever a redirect points.
struct OutgoingHTTP: Sendable {
    let client: HTTPClient
    let timeout: Duration
    let responseLimit: Int

    /// A client for one authorization server: no redirects, connections bounded by `timeout` too.
    static func makeClient(timeout: Duration) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        let amount = TimeAmount.nanoseconds(
            Int64(timeout.components.seconds) * 1_000_000_000
                + timeout.components.attoseconds / 1_000_000_000)
        configuration.timeout = .init(connect: amount, read: amount)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// The status and the whole body of the answer to `request`.
    func send(_ request: HTTPClientRequest) async throws(OutgoingFailure) -> (status: Int, body: ByteBuffer) {
        let client = client
        let limit = responseLimit
        let timeout = timeout
        do {
            return try await withThrowingTaskGroup(of: (status: Int, body: ByteBuffer).self) { group in
                group.addTask {
                    let response = try await client.execute(
                        request, timeout: .seconds(Int64(timeout.components.seconds) + 1))
                    do {
                        return (Int(response.status.code), try await response.body.collect(upTo: limit))
                    } catch is NIOTooManyBytesError {
                        throw OutgoingFailure.tooLarge
                    }
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw OutgoingFailure.timedOut
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw OutgoingFailure.unreachable }
                return first
            }
        } catch let failure as OutgoingFailure {
            throw failure
        } catch {
            throw .unreachable
        }
    }
}

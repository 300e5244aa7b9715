import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// The client of the request being handled, for the per-client limits: its address, and the `Retry-After` its answer
/// should carry when a limit held it back. `ClientAddressMiddleware` sets it for each request, so that the generated
/// operations' handlers, which see no connection, see it too; a task-local scopes it to exactly that request.
final class RequestClient: Sendable {
    private struct State {
        var address: ClientAddress?
        var retryAfterSeconds: Int?
    }

    private let identify: @Sendable () -> ClientAddress
    private let state = Mutex(State())

    /// - Parameter identify: tells the client apart; called the first time `address` is asked for. Most requests (a
    ///   page of stories) never ask, and looking the peer up and naming it cost every request a lock and a string.
    init(identify: @escaping @Sendable () -> ClientAddress) {
        self.identify = identify
    }

    var address: ClientAddress {
        state.withLock { state in
            if let address = state.address { return address }
            let address = identify()
            state.address = address
            return address
        }
    }

    @TaskLocal static var current: RequestClient?

    /// The address of the current request's client; `unknown` outside a request (a handler called directly).
    static var address: ClientAddress { current?.address ?? .unknown }

    /// Asks for `Retry-After: seconds` (RFC 9110 §10.2.3) on the answer to this request.
    func answerRetryAfter(_ seconds: Int) {
        state.withLock { $0.retryAfterSeconds = max(1, seconds) }
    }

    var retryAfter: Int? { state.withLock { $0.retryAfterSeconds } }
}

/// How the server tells clients apart. By default by the connection's peer address; tests replace it to play several
/// clients through one in-process router, whose requests have no peer.
struct ClientIdentification: Sendable {
    let identify: @Sendable (_ headers: HTTPFields, _ peer: SocketAddress?) -> ClientAddress

    static let peer = ClientIdentification { _, peer in ClientAddress(peer) }
}

/// The request context of the server's router: Hummingbird's, plus the connection's peer address.
struct StoriesRequestContext: RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    private let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }

    /// Looked up when asked for (NIO takes a lock for it), which most requests never are.
    var remoteAddress: SocketAddress? { channel.remoteAddress }
}

/// Runs every request as its `RequestClient`, and adds the `Retry-After` a handler asked for to the answer.
struct ClientAddressMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let identification: ClientIdentification

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let client = RequestClient { identification.identify(request.headers, context.remoteAddress) }
        var response = try await RequestClient.$current.withValue(client) {
            try await next(request, context)
        }
        if let seconds = client.retryAfter {
            response.headers[.retryAfter] = String(seconds)
        }
        return response
    }
}

import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// The client of the request being handled, for the per-client limits: its address, and the `Retry-After` its answer
/// should carry when a limit held it back. `ClientAddressMiddleware` sets it for each request, so that the generated
/// operations' handlers, which see no connection, see it too; a task-local scopes it to exactly that request.
final class RequestClient: Sendable {
    let address: ClientAddress
    private let retryAfterSeconds = Mutex<Int?>(nil)

    init(address: ClientAddress) {
        self.address = address
    }

    @TaskLocal static var current: RequestClient?

    /// The address of the current request's client; `unknown` outside a request (a handler called directly).
    static var address: ClientAddress { current?.address ?? .unknown }

    /// Asks for `Retry-After: seconds` (RFC 9110 §10.2.3) on the answer to this request.
    func answerRetryAfter(_ seconds: Int) {
        retryAfterSeconds.withLock { $0 = max(1, seconds) }
    }

    var retryAfter: Int? { retryAfterSeconds.withLock { $0 } }
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
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// Runs every request as its `RequestClient`, and adds the `Retry-After` a handler asked for to the answer.
struct ClientAddressMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let identification: ClientIdentification

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let client = RequestClient(address: identification.identify(request.headers, context.remoteAddress))
        var response = try await RequestClient.$current.withValue(client) {
            try await next(request, context)
        }
        if let seconds = client.retryAfter {
            response.headers[.retryAfter] = String(seconds)
        }
        return response
    }
}

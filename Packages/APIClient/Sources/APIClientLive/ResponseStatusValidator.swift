import NIOCore
import NIOHTTP1

/// Refuses a response head whose status is below 100 before AsyncHTTPClient sees it.
///
/// HTTP's status codes are 100 to 599 (RFC 9110 §15), and the parser accepts any three digits. AsyncHTTPClient
/// 1.37 treats every status below 200 but 101 as an informational head to skip, so after `000`–`099` it takes the
/// end of that response for the end of one whose head never came, and stops the process with a precondition failure.
/// Installed between the response decoder and AsyncHTTPClient's handler (see `install(in:)`), this handler turns such
/// a head into `InvalidResponseStatus`, swallows the rest of that response, and closes the connection: the request
/// fails with an error, the process lives.
final class ResponseStatusValidator: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart

    /// Whether an invalid head arrived: everything after it on this connection is dropped.
    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data), head.status.code < 100 {
            refused = true
            context.fireErrorCaught(InvalidResponseStatus(code: head.status.code))
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }

    /// Adds a validator after the HTTP/1 response decoder of `channel`, which AsyncHTTPClient has set up by the time
    /// its connection initializer runs (`HTTPClient.Configuration.http1_1ConnectionDebugInitializer`).
    static func install(in channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPResponseDecoder>.self)
            try pipeline.addHandler(ResponseStatusValidator(), position: .after(decoder))
        }
    }
}

/// A response whose status line carries a code HTTP does not have (below 100).
struct InvalidResponseStatus: Error, Equatable {
    let code: UInt
}

import NIOCore

/// Counts the bytes a connection sends, and reports `RequestTooLarge` instead of passing on the bytes that take it past
/// the limit: a redirect is one small `GET` without a body, so whatever is larger is not one, and NIOHTTP1's decoder
/// (which accepts heads of up to 80 KiB) must not be left to buffer it. Placed before the decoder; nothing past the
/// limit is read.
final class RequestSizeLimit: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The event `RedirectRequestHandler` answers with 431.
    struct RequestTooLarge {}

    private let maximumBytes: Int
    private var received = 0

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard received <= maximumBytes else { return }
        received += unwrapInboundIn(data).readableBytes
        // Checked before the bytes go on, so the decoder never sees a head that does not fit.
        guard received <= maximumBytes else {
            return context.fireUserInboundEventTriggered(RequestTooLarge())
        }
        context.fireChannelRead(data)
    }
}

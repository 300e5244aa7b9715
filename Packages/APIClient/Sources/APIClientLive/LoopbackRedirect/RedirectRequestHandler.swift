import Authorization
import NIOCore

/// Reads one request head per connection, answers it, and closes the connection.
final class RedirectRequestHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let expectation: RedirectExpectation
    private var head: [UInt8] = []
    private var answered = false
    private var readDeadline: Scheduled<Void>?

    init(expectation: RedirectExpectation) {
        self.expectation = expectation
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        let timeout = expectation.limits.connectionReadTimeout
        readDeadline = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
            channel.close(promise: nil)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        readDeadline?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        var buffer = unwrapInboundIn(data)
        head += buffer.readBytes(length: buffer.readableBytes) ?? []
        let maximum = expectation.limits.maximumRequestBytes
        if let end = Self.endOfHead(in: head), end <= maximum {
            answer(RedirectRequestLine(Array(head[..<end])), context: context)
        } else if head.count > maximum {
            // Whole or not, a head this large is not a redirect this listener asked for; nothing of it is read.
            respond(expectation.pages.tooLarge, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func answer(_ request: RedirectRequestLine?, context: ChannelHandlerContext) {
        guard let request, request.method == "GET", request.path == expectation.path, expectation.claim() else {
            return respond(expectation.pages.notFound, context: context)
        }
        let result = Result { () throws(AuthorizationRedirectError) -> Secret in
            try AuthorizationResponse.code(
                from: request.query, state: expectation.state, issuer: expectation.issuer)
        }
        // Later connections are refused at once; this one still gets its page.
        context.channel.parent?.close(promise: nil)
        let outcome = expectation.outcome
        respond(expectation.pages.page(for: result), context: context) {
            outcome.complete(result)
        }
    }

    private func respond(
        _ page: RedirectPage, context: ChannelHandlerContext, then: (@Sendable () -> Void)? = nil
    ) {
        answered = true
        readDeadline?.cancel()
        let bytes = page.response
        let buffer = context.channel.allocator.buffer(bytes: bytes)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in
            then?()
            channel.close(promise: nil)
        }
    }

    /// The index just past the blank line that ends a request head, if it has arrived.
    static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }
}

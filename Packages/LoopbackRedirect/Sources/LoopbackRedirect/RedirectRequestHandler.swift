import Authorization
import NIOCore
import NIOHTTP1

/// Answers the first request head of a connection (as NIOHTTP1's decoder reads it) and closes the connection: the
/// redirect to the listener's path with its page, anything else with a page that leaves the redirect to come.
final class RedirectRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let expectation: RedirectExpectation
    private let budget: ConnectionBudget
    private var answered = false
    private var readDeadline: Scheduled<Void>?

    init(expectation: RedirectExpectation, budget: ConnectionBudget) {
        self.expectation = expectation
        self.budget = budget
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // A browser opens connections it never uses; one that has not sent a whole head in time is closed.
        let channel = context.channel
        readDeadline = context.eventLoop.scheduleTask(in: TimeAmount(expectation.limits.connectionReadTimeout)) {
            channel.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        readDeadline?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered, case .head(let head) = unwrapInboundIn(data) else { return }
        budget.markRequested(context.channel)
        answer(head, context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Whole or not, a head this large is not a redirect this listener asked for; nothing of it is read.
        if event is RequestSizeLimit.RequestTooLarge, !answered {
            return respond(expectation.pages.tooLarge, context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Not HTTP the decoder can read: answered as a request that is not the redirect.
        guard !answered, error is HTTPParserError else { return context.close(promise: nil) }
        respond(expectation.pages.notFound, context: context)
    }

    private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        // A browser names the address it connected to; any other host is a page of another site that resolved its
        // name to this machine (DNS rebinding), which must not complete or end the sign-in.
        guard let address = context.channel.localAddress, let port = address.port,
            head.headers[canonicalForm: "host"] == ["127.0.0.1:\(port)"]
        else {
            return respond(expectation.pages.misdirected, context: context)
        }
        let target = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard head.method == .GET, target.first == Substring(expectation.path) else {
            return respond(expectation.pages.notFound, context: context)
        }
        let query = target.count > 1 ? target[1] : ""
        let result = Result { () throws(AuthorizationRedirectError) -> Secret in
            try AuthorizationResponse.code(from: query, state: expectation.state, issuer: expectation.issuer)
        }
        switch result {
        case .failure(.missingState), .failure(.stateMismatch), .failure(.repeatedParameter):
            // Not shown to carry this sign-in's state: anyone on this machine can send that, so it neither ends
            // the sign-in nor spends the one redirect it waits for.
            return respond(expectation.pages.notThisSignIn, context: context)
        default:
            break
        }
        guard expectation.claim() else { return respond(expectation.pages.notFound, context: context) }
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
        let body = context.channel.allocator.buffer(bytes: page.body)
        context.write(wrapOutboundOut(.head(page.head(bodyLength: body.readableBytes))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            then?()
            channel.close(promise: nil)
        }
    }
}

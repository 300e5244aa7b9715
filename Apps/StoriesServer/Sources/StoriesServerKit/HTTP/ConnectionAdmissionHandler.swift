import NIOCore

/// The first handler of every connection: counts it against its client's connections, closes it at once when the
/// client already has as many as it may, and forgets it when it closes.
///
/// Neither Hummingbird nor SwiftNIO bounds connections per peer (Hummingbird's `MaximumAvailableConnections` bounds
/// them all together, which lets one client take every slot), so this small handler does.
final class ConnectionAdmissionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let connections: ConnectionsPerClient
    /// The client this connection was counted for, until it is released.
    private var admitted: ClientAddress?

    init(connections: ConnectionsPerClient) {
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if admit(context) { context.fireChannelActive() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    /// Whether the connection may stay open; closes it when not. Counts it once, however often it is asked.
    @discardableResult
    private func admit(_ context: ChannelHandlerContext) -> Bool {
        if admitted != nil { return true }
        let client = ClientAddress(context.channel.remoteAddress)
        guard connections.admit(client) else {
            context.close(promise: nil)
            return false
        }
        admitted = client
        return true
    }

    private func release() {
        guard let client = admitted else { return }
        admitted = nil
        connections.release(client)
    }
}

@available(*, unavailable)
extension ConnectionAdmissionHandler: Sendable {}

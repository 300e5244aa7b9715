import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with its idle timeout set, behind a `ConnectionAdmissionHandler` that bounds each
/// client's connections.
struct BoundedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let connections: ConnectionsPerClient

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            // First in the pipeline: a connection past its client's limit is closed before any byte of it is parsed.
            try channel.pipeline.syncOperations.addHandler(ConnectionAdmissionHandler(connections: connections))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with `bounds`' idle timeout and per-client connection limit.
    static func boundedHTTP1(_ bounds: ConnectionBounds, connections: ConnectionsPerClient) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            BoundedHTTP1Channel(
                base: HTTP1Channel(
                    responder: responder, configuration: .init(idleTimeout: TimeAmount(bounds.idleTimeout))),
                connections: connections)
        }
    }
}

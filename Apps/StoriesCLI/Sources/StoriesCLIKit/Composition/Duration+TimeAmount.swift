import NIOCore

extension Duration {
    /// The same span as SwiftNIO's `TimeAmount`, which AsyncHTTPClient's configuration takes.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

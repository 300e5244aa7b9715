import Synchronization

/// How many connections each client has open, admitting one only while its client is under the limit.
///
/// An entry lives while its client has a connection open, so the table holds at most as many entries as the server
/// has connections.
final class ConnectionsPerClient: Sendable {
    let limit: Int
    private let open = Mutex<[ClientAddress: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection of `client`; `false`, counting nothing, when `client` already has `limit` open.
    func admit(_ client: ClientAddress) -> Bool {
        open.withLock { open in
            let count = open[client, default: 0]
            guard count < limit else { return false }
            open[client] = count + 1
            return true
        }
    }

    /// Forgets one connection `admit` counted.
    func release(_ client: ClientAddress) {
        open.withLock { open in
            guard let count = open[client] else { return }
            open[client] = count > 1 ? count - 1 : nil
        }
    }

    /// How many connections `client` has open.
    func count(of client: ClientAddress) -> Int {
        open.withLock { $0[client, default: 0] }
    }
}

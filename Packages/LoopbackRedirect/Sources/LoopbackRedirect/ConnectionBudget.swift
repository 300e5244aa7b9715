import NIOCore
import Synchronization

/// Keeps the listener's open connections under a bound, so that a local process opening connections it never uses
/// cannot use up the process's file descriptors or crowd out the browser: when a new connection would exceed the
/// bound, the oldest one that has not sent a request yet is closed, or, when every one has, the new one.
///
/// The browser sends its request as soon as it connects, so it is never the oldest idle connection for long.
final class ConnectionBudget: Sendable {
    private struct Open {
        let channel: any Channel
        var hasRequested: Bool
    }

    private let maximum: Int
    /// Open connections, oldest first.
    private let open = Mutex<[(id: ObjectIdentifier, connection: Open)]>([])

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts `channel` in; closes the connection that makes room, if one must go.
    func admit(_ channel: any Channel) {
        let evicted = open.withLock { open -> (any Channel)? in
            var evicted: (any Channel)?
            if open.count >= maximum {
                if let oldestIdle = open.firstIndex(where: { !$0.connection.hasRequested }) {
                    evicted = open.remove(at: oldestIdle).connection.channel
                } else {
                    return channel
                }
            }
            open.append((ObjectIdentifier(channel), Open(channel: channel, hasRequested: false)))
            return evicted
        }
        evicted?.close(promise: nil)
    }

    /// `channel` has sent a request head: it is no longer the first to go.
    func markRequested(_ channel: any Channel) {
        open.withLock { open in
            if let index = open.firstIndex(where: { $0.id == ObjectIdentifier(channel) }) {
                open[index].connection.hasRequested = true
            }
        }
    }

    /// `channel` closed.
    func remove(_ channel: any Channel) {
        open.withLock { open in open.removeAll { $0.id == ObjectIdentifier(channel) } }
    }

    /// How many connections are counted in now.
    var count: Int { open.withLock { $0.count } }
}

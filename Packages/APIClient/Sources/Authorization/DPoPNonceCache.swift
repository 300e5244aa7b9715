import Foundation
import Synchronization

/// The last `DPoP-Nonce` each origin sent (RFC 9449 §8), for the next proofs to that origin. Bounded: past
/// `capacity` origins the one set longest ago is forgotten (its next request is answered `use_dpop_nonce` once more).
public final class DPoPNonceCache: Sendable {
    private struct State {
        var nonces: [String: String] = [:]
        /// Origins, the one set longest ago first.
        var order: [String] = []
    }

    private let capacity: Int
    private let state = Mutex(State())

    /// The longest nonce kept: a server's nonce is a short opaque string; a longer one is not stored.
    public static let maximumNonceLength = 1024

    public init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
    }

    /// The nonce to send to `url`'s origin, if it sent one.
    public func nonce(for url: URL) -> String? {
        guard let origin = Self.origin(of: url) else { return nil }
        return state.withLock { $0.nonces[origin] }
    }

    /// Remembers `nonce` as `url`'s origin's latest. A nonce that is not printable ASCII, or too long, is ignored.
    public func record(_ nonce: String?, from url: URL) {
        guard let nonce, !nonce.isEmpty, nonce.utf8.count <= Self.maximumNonceLength,
            nonce.utf8.allSatisfy({ (0x21...0x7E).contains($0) }), let origin = Self.origin(of: url)
        else { return }
        state.withLock { state in
            if state.nonces.updateValue(nonce, forKey: origin) == nil {
                state.order.append(origin)
                while state.order.count > capacity {
                    state.nonces[state.order.removeFirst()] = nil
                }
            }
        }
    }

    /// How many origins have a nonce.
    public var count: Int { state.withLock { $0.nonces.count } }

    private static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host()?.lowercased() else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }
}

import NIOCore

/// Who a request came from, as the per-client limits count it: the peer's IPv4 address, or the /64 network of its
/// IPv6 address, or `unknown`.
///
/// An IPv6 host is commonly given a whole /64 and can pick any address in it, so counting single IPv6 addresses would
/// let one host take 2⁶⁴ shares; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, a dual-stack socket) counts as its
/// IPv4 address. A Unix-domain peer, or none (a request handed to the router in process), is `unknown`, one key for
/// all of them.
struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    let description: String

    init(text: String) {
        description = text
    }

    static let unknown = ClientAddress(text: "unknown")

    init(_ peer: SocketAddress?) {
        switch peer {
        case .v4(let address)?:
            self.init(text: Self.dotted(withUnsafeBytes(of: address.address.sin_addr) { Array($0) }))
        case .v6(let address)?:
            let bytes = withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
            self.init(text: Self.network(ofIPv6: bytes))
        default:
            self = .unknown
        }
    }

    /// `a.b.c.d` for an IPv4-mapped address, else the first 64 bits in hexadecimal groups followed by `::/64`.
    private static func network(ofIPv6 bytes: [UInt8]) -> String {
        guard bytes.count == 16 else { return unknown.description }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return dotted(Array(bytes[12..<16]))
        }
        let groups = stride(from: 0, to: 8, by: 2).map { index in
            String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    private static func dotted(_ bytes: [UInt8]) -> String {
        bytes.map(String.init).joined(separator: ".")
    }
}

import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port that refuses every connection for as long as it is held, for tests of "nobody answers there".
///
/// Stopping a server is not enough for such a test: the port it frees can be handed at once to the next test's server
/// (which asks for port 0), and the "unreachable" server then answers. A held port is bound but never listens, so the
/// kernel answers each connection with a reset, and never gives the port to a socket that asks for any port.
public final class RefusingPort: Sendable {
    /// The port, on 127.0.0.1.
    public let port: Int
    private let descriptor: Mutex<Int32?>

    /// Holds a port the kernel picks.
    public convenience init() throws {
        try self.init(binding: 0, reusingAddress: false)
    }

    /// Holds `port`, which a stopped server has just freed. Throws `EADDRINUSE` if another socket listens there
    /// already; the address is reused so that the stopped server's closed connections do not stand in the way.
    public convenience init(taking port: Int) throws {
        try self.init(binding: port, reusingAddress: true)
    }

    private init(binding requested: Int, reusingAddress: Bool) throws {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw POSIXError(.EIO) }
        if reusingAddress {
            var on: Int32 = 1
            setsockopt(socketDescriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(requested).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, length) }
        }
        guard bound == 0 else {
            close(socketDescriptor)
            throw POSIXError(.EADDRINUSE)
        }
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socketDescriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        descriptor = Mutex(socketDescriptor)
    }

    /// Frees the port. A test calls it (in a `defer`) after its last connection attempt, which also keeps the port
    /// held until then.
    public func release() {
        descriptor.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    deinit { release() }
}

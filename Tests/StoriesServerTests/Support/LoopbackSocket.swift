import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking TCP connection from a chosen loopback address, for tests that play a client sending part of a request:
/// an HTTP client always sends whole requests.
///
/// Every read waits at most `readLimit`, so that a server that never answers or closes fails the test instead of
/// hanging it. A read blocks a thread of its own, not one of Swift's cooperative pool, which the server under test
/// needs (on two cores the pool has two threads).
final class LoopbackSocket: Sendable {
    /// What one read found.
    enum Read: Equatable {
        /// Some bytes of the answer.
        case bytes([UInt8])
        /// The server closed the connection (an orderly close or a reset).
        case closed
        /// Nothing arrived within the read limit.
        case timedOut
    }

    struct Failure: Error, CustomStringConvertible {
        let call: String
        let errorNumber: Int32
        var description: String { "\(call) failed: errno \(errorNumber)" }
    }

    private let descriptor: Int32

    /// Connects from `source` (any port) to `127.0.0.1:port`.
    init(port: Int, from source: String = "127.0.0.1", readLimit: Duration = .seconds(10)) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(call: "socket", errorNumber: errno) }
        do {
            var timeout = timeval(
                tv_sec: Int(readLimit.components.seconds),
                tv_usec: .init(readLimit.components.attoseconds / 1_000_000_000_000))
            guard setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size)) == 0
            else { throw Failure(call: "setsockopt", errorNumber: errno) }
            var local = Self.address(source, port: 0)
            guard withSocketAddress(&local, { bind(descriptor, $0, $1) }) == 0 else {
                throw Failure(call: "bind", errorNumber: errno)
            }
            var remote = Self.address("127.0.0.1", port: port)
            guard withSocketAddress(&remote, { connect(descriptor, $0, $1) }) == 0 else {
                throw Failure(call: "connect", errorNumber: errno)
            }
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { throw Failure(call: "send", errorNumber: errno) }
            sent += written
        }
    }

    /// The next bytes the server sends, or that it closed the connection, or that nothing came within the limit.
    func read() async -> Read {
        await onOwnThread { self.readBlocking() }
    }

    /// Reads until the server closes the connection or a read times out: whether it closed it.
    func readUntilClosed() async -> Read {
        await onOwnThread {
            while true {
                switch self.readBlocking() {
                case .bytes: continue
                case let outcome: return outcome
                }
            }
        }
    }

    private func onOwnThread(_ body: @escaping @Sendable () -> Read) async -> Read {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    private func readBlocking() -> Read {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .bytes(Array(buffer[..<count])) }
        if count == 0 || errno == ECONNRESET { return .closed }
        return .timedOut
    }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, text, &address.sin_addr)
        return address
    }

    private func withSocketAddress(
        _ address: inout sockaddr_in, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}

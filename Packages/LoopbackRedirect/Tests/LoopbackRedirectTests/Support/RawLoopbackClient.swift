import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bare TCP client for 127.0.0.1, so tests can send what no HTTP client would (a head that never ends, one too
/// large) and read the answer byte for byte.
enum RawLoopbackClient {
    /// Connects to `port`, sends `bytes`, and reads until the server closes the connection (giving up after 10 s).
    /// `nil` when the connection is refused.
    static func exchange(_ bytes: [UInt8], port: Int) async -> String? {
        await Task.detached { blockingExchange(bytes, port: port) }.value
    }

    /// `exchange` for `GET target HTTP/1.1`.
    static func get(_ target: String, port: Int) async -> String? {
        await exchange(
            Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: test\r\n\r\n".utf8), port: port)
    }

    /// Opens a connection to `port` and sends nothing: a descriptor to `close` later, or -1 when refused.
    static func connectIdle(port: Int) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// How many of `descriptors` the server has closed (end of stream), waiting up to `timeout` for at least
    /// `expected` of them: poll(2) returns as soon as a close arrives, so this waits for the event, not for time.
    static func closedCount(_ descriptors: [Int32], expected: Int, timeout: Duration = .seconds(5)) -> Int {
        var closed = Set<Int32>()
        let deadline = ContinuousClock.now + timeout
        while closed.count < expected, ContinuousClock.now < deadline {
            var polled = descriptors.filter { !closed.contains($0) }.map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            guard poll(&polled, nfds_t(polled.count), 100) >= 0 else { break }
            for entry in polled where entry.revents != 0 {
                var byte: UInt8 = 0
                if recv(entry.fd, &byte, 1, Int32(MSG_DONTWAIT)) <= 0 { closed.insert(entry.fd) }
            }
        }
        return closed.count
    }

    /// The port of an `http://127.0.0.1:PORT/…` URI.
    static func port(of uri: String) -> Int {
        URLComponents(string: uri)?.port ?? 0
    }

    private static func blockingExchange(_ bytes: [UInt8], port: Int) -> String? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

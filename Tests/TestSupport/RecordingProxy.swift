import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP proxy on an ephemeral loopback port that records the first line of every request it receives
/// (`CONNECT host:port HTTP/1.1`) and refuses to forward anything (502), so a test can see whether, and how, a
/// client used it.
public final class RecordingProxy: Sendable {
    public let port: Int
    private let listener: Int32
    private let lines = Mutex<[String]>([])
    private let stopped = Mutex(false)

    /// The request lines received so far.
    public var requestLines: [String] { lines.withLock { $0 } }

    public init() throws {
        (listener, port) = try LoopbackListener.open()
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while !stopped.withLock({ $0 }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !received.suffix(4).elementsEqual([13, 10, 13, 10]) && received.count < 65536 {
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { break }
                received += buffer[0..<count]
            }
            let firstLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first.map(String.init)
            lines.withLock { $0.append(firstLine ?? "") }
            let answer = "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            _ = answer.withCString { write(connection, $0, strlen($0)) }
            close(connection)
        }
    }

    /// Stops accepting; the accept loop ends when the listening socket is shut down. Only the first call acts:
    /// closing a descriptor twice could close a file another test opened under the same number.
    public func stop() {
        let wasStopped = stopped.withLock { stopped -> Bool in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        // Wakes the accept loop, which closes the socket itself (see `FaultServer.stop()`).
        shutdown(listener, Int32(SHUT_RDWR))
    }
}

import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A misbehaving HTTP server on an ephemeral loopback port, for fault tests: it answers each request with whatever
/// a test scripts — any status, header and body, a body that trickles, no answer at all, a connection closed
/// mid-body, or an endless body generated as it is sent (never held in memory).
///
/// It speaks just enough HTTP/1.1 for that: one request per connection (`Connection: close`), bodies read by
/// `Content-Length`. It records every request (never an `Authorization` value, only whether there was one), and
/// `stop()` closes every connection, including hung ones.
public final class FaultServer: Sendable {
    /// What a request looked like.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// The query's items, by name.
        public var query: [String: String]
        public var hasAuthorization: Bool
        /// The fields of a form-encoded body (a token request, a revocation), by name.
        public var form: [String: String]
    }

    /// How to answer one request.
    public enum Response: Sendable {
        /// A complete response.
        case respond(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
        /// Headers with a `Content-Length` of `bytes`, then the body one byte per `interval`.
        case trickle(bytes: Int, interval: Duration)
        /// No answer until the server stops.
        case hang
        /// A `Content-Length` of `promised`, `sent` bytes of body, then the connection closes.
        case closeMidBody(promised: Int, sent: Int)
        /// A `Content-Length` of `bytes` that is never sent in full: the body streams until the client gives up.
        case hugeContentLength(bytes: Int)
        /// A chunked body that never ends.
        case endlessChunked
        /// These bytes exactly (a malformed status line or header, say), then the connection closes.
        case raw([UInt8])

        /// A JSON body with status 200 (or `status`).
        public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Response {
            .respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
        }
    }

    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }
    private let listener: Int32
    private let state = Mutex(State())
    private let respond: @Sendable (Request) -> Response

    private struct State {
        var requests: [Request] = []
        var connections: Set<Int32> = []
        var isStopped = false
    }

    /// Every request received so far, in order.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// Starts a server that answers each request with `respond(request)`.
    public init(_ respond: @escaping @Sendable (Request) -> Response) throws {
        self.respond = respond
        (listener, port) = try LoopbackListener.open()
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops accepting and ends every open connection. Only the first call acts: closing a descriptor twice could
    /// close a file that another test opened in the meantime under the same number.
    public func stop() {
        let open = state.withLock { state -> Set<Int32>? in
            guard !state.isStopped else { return nil }
            state.isStopped = true
            return state.connections
        }
        guard let open else { return }
        // Wakes the accept loop, which closes the listening socket itself: closed here, its number could be reused
        // by another test's socket before the loop noticed.
        shutdown(listener, Int32(SHUT_RDWR))
        // Shut down, not closed: the thread serving each connection closes its own descriptor, under the lock.
        for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool { state.withLock { $0.isStopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let accepted = state.withLock { state -> Bool in
                guard !state.isStopped else { return false }
                state.connections.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                return
            }
            Thread { [self] in
                serve(connection)
                // Removed and closed under the lock, so `stop()` never shuts down a number reused meanwhile.
                state.withLock {
                    _ = $0.connections.remove(connection)
                    close(connection)
                }
            }.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        state.withLock { $0.requests.append(request) }
        switch respond(request) {
        case .respond(let status, let headers, let body):
            send(connection, head(status: status, headers: headers + [("Content-Length", "\(body.count)")]) + body)
        case .trickle(let bytes, let interval):
            guard send(connection, head(status: 200, headers: [("Content-Length", "\(bytes)")])) else { return }
            for _ in 0..<bytes where !isStopped {
                guard send(connection, Array(" ".utf8)) else { return }
                Thread.sleep(forTimeInterval: Self.seconds(interval))
            }
        case .hang:
            while !isStopped { Thread.sleep(forTimeInterval: 0.05) }
        case .closeMidBody(let promised, let sent):
            send(
                connection,
                head(status: 200, headers: [("Content-Type", "application/json"), ("Content-Length", "\(promised)")])
                    + Array(repeating: UInt8(ascii: " "), count: sent))
        case .hugeContentLength(let bytes):
            guard
                send(
                    connection,
                    head(status: 200, headers: [("Content-Type", "application/json"), ("Content-Length", "\(bytes)")]))
            else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
            while !isStopped, send(connection, chunk) {}
        case .endlessChunked:
            guard
                send(
                    connection,
                    head(
                        status: 200,
                        headers: [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
                        contentLength: false))
            else { return }
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 0x10000) + [13, 10]
            while !isStopped, send(connection, chunk) {}
        case .raw(let bytes):
            send(connection, bytes)
        }
    }

    private func head(status: Int, headers: [(String, String)], contentLength: Bool = true) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Scripted\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Writes every byte; `false` once the client has gone.
    @discardableResult
    private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                Glibc.send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        var headerEnd: Int?
        while headerEnd == nil, received.count < 1 << 20 {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
            headerEnd = Self.endOfHead(received)
        }
        guard let headerEnd else { return nil }
        let headText = String(decoding: received[..<headerEnd], as: UTF8.self)
        let lines = headText.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        var contentLength = 0
        var hasAuthorization = false
        for line in lines.dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0].lowercased() == "content-length" { contentLength = Int(pair[1]) ?? 0 }
            if pair[0].lowercased() == "authorization" { hasAuthorization = true }
        }
        var body = Array(received[(headerEnd + 4)...])
        while body.count < contentLength {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            body += buffer[0..<count]
        }
        var form: [String: String] = [:]
        for item in URLComponents(string: "?" + String(decoding: body, as: UTF8.self))?.queryItems ?? [] {
            form[item.name] = item.value ?? ""
        }
        let components = URLComponents(string: String(parts[1]))
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return Request(
            method: String(parts[0]), path: components?.path ?? String(parts[1]), query: query,
            hasAuthorization: hasAuthorization, form: form)
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

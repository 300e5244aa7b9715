import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// A loopback HTTP server for origin tests: records every request's `Authorization` header and answers with a
/// fixed status and headers (for example a redirect to another origin).
public final class ScriptedHTTPServer: Sendable {
    public let baseURL: URL
    private let task: Task<Void, any Error>
    private let recorder: Recorder

    /// The `Authorization` header of each request received, in order (`nil`: none sent).
    public var authorizationHeaders: [String?] { recorder.values.withLock { $0 } }

    private init(baseURL: URL, task: Task<Void, any Error>, recorder: Recorder) {
        self.baseURL = baseURL
        self.task = task
        self.recorder = recorder
    }

    /// Starts a server on `host` and a free port that answers every request with `status` and `headers`, where
    /// `headers` may use the request path (e.g. to build a `Location`).
    public static func start(
        host: String = "127.0.0.1",
        status: HTTPResponse.Status,
        headers: @escaping @Sendable (_ path: String) -> HTTPFields = { _ in [:] }
    ) async throws -> ScriptedHTTPServer {
        let log = Recorder()
        let router = Router()
        router.on("**", method: .get) { request, _ -> Response in
            log.append(request.headers[.authorization])
            return Response(status: status, headers: headers(request.uri.path))
        }
        let (ready, readyContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: 0)),
            onServerRunning: { channel in
                readyContinuation.yield(channel.localAddress?.port ?? 0)
                readyContinuation.finish()
            },
            logger: Logger(label: "scripted-http") { _ in SwiftLogNoOpLogHandler() }
        )
        let task = Task {
            defer { readyContinuation.finish() }
            try await app.runService()
        }
        var iterator = ready.makeAsyncIterator()
        guard let port = await iterator.next(), let url = URL(string: "http://\(host):\(port)/v1") else {
            task.cancel()
            throw ServerDidNotStart()
        }
        return ScriptedHTTPServer(baseURL: url, task: task, recorder: log)
    }

    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}

/// Collects headers from request handlers until the server object owns them.
private final class Recorder: Sendable {
    let values = Mutex<[String?]>([])
    func append(_ value: String?) { values.withLock { $0.append(value) } }
}

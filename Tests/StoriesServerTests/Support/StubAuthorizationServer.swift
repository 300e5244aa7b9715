import Foundation
import Synchronization
import TestSupport

/// A tiny authorization server on a loopback port, for a resource server to trust: it serves a metadata document
/// where the test puts one and answers introspection as the test scripts it, recording every request (a
/// `FaultServer`, so a test can also make it hang or answer too much).
final class StubAuthorizationServer: Sendable {
    typealias Respond = @Sendable (_ origin: String, FaultServer.Request) -> FaultServer.Response

    private final class Script: Sendable {
        let origin = Mutex("")
        let respond: Mutex<Respond>

        init(_ respond: @escaping Respond) { self.respond = Mutex(respond) }

        func answer(_ request: FaultServer.Request) -> FaultServer.Response {
            let origin = origin.withLock { $0 }
            return respond.withLock { $0 }(origin, request)
        }
    }

    private let server: FaultServer
    private let script: Script
    /// `http://127.0.0.1:PORT`.
    let origin: String

    init(_ respond: @escaping Respond) throws {
        let script = Script(respond)
        server = try FaultServer { script.answer($0) }
        origin = "http://127.0.0.1:\(server.port)"
        script.origin.withLock { [origin] in $0 = origin }
        self.script = script
    }

    /// Answers from now on as `respond` says.
    func answer(_ respond: @escaping Respond) {
        script.respond.withLock { $0 = respond }
    }

    var requests: [FaultServer.Request] { server.requests }

    func stop() { server.stop() }

    /// RFC 8414 metadata for `issuer`, naming `introspectionEndpoint` if given.
    static func metadata(issuer: String, introspectionEndpoint: String?) -> FaultServer.Response {
        let endpoint = introspectionEndpoint.map { #","introspection_endpoint":"\#($0)""# } ?? ""
        return .json(#"{"issuer":"\#(issuer)","token_endpoint":"\#(issuer)/token"\#(endpoint)}"#)
    }
}

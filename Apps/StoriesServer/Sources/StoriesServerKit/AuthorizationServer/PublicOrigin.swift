import Foundation
import Synchronization

/// The origin browsers and clients reach the server at (`https://stories.example`, `http://127.0.0.1:8080`): the
/// issuer identifier (RFC 8414 §2) and the base of every absolute URL the server hands out — endpoints in the
/// metadata, the verification URI, the `iss` of authorization responses.
///
/// Configured with `--public-url`, or else the listen address once the server knows its port (with `--port 0` that is
/// only after binding, hence the lock; it is written once at start-up and read by requests).
final class PublicOrigin: Sendable {
    private let origin: Mutex<String>

    init(_ origin: String) {
        self.origin = Mutex(origin)
    }

    /// The listen address as an origin, brackets around an IPv6 literal.
    convenience init(host: String, port: Int) {
        self.init(Self.origin(host: host, port: port))
    }

    static func origin(host: String, port: Int) -> String {
        let hostForURL = host.contains(":") ? "[\(host)]" : host
        return "http://\(hostForURL):\(port)"
    }

    /// The issuer identifier: the origin, no trailing slash.
    var issuer: String { origin.withLock { $0 } }

    /// The absolute URL of `path` (which starts with `/`) at this origin.
    func url(_ path: String) -> String {
        issuer + path
    }

    func update(_ origin: String) {
        self.origin.withLock { $0 = origin }
    }

    /// Why a `--public-url` was refused.
    enum Invalid: Error, Equatable {
        case notAnOrigin
    }

    /// The origin of `text`, which must be an absolute `http` or `https` URL with a host and nothing after it but an
    /// optional `/` (the server's paths are fixed, so it cannot live under a prefix).
    static func parse(_ text: String) throws(Invalid) -> String {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
            ["", "/"].contains(components.path)
        else { throw .notAnOrigin }
        var origin = text
        if origin.hasSuffix("/") { origin.removeLast() }
        return origin
    }
}

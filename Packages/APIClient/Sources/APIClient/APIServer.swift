import Foundation

/// The servers declared in `openapi/openapi.yaml`, by name.
///
/// The generator numbers servers in YAML order (`Servers.Server1…N`); this enum gives them names so that a reordered
/// spec fails a test instead of silently pointing production traffic at staging.
public enum APIServer: String, CaseIterable, Sendable {
    case production
    case staging
    case local

    /// The server's base URL, as declared in the spec.
    public func url() throws -> URL {
        switch self {
        case .production: try Servers.Server1.url()
        case .staging: try Servers.Server2.url()
        case .local: try Servers.Server3.url()
        }
    }

    /// The spec's description of the server.
    public var summary: String {
        switch self {
        case .production: "Production"
        case .staging: "Staging"
        case .local: "Local reference server"
        }
    }
}

import Foundation

/// The rule for every URL a secret or a token is sent to: `https`, or `http` to a loopback address (an IP literal in
/// 127.0.0.0/8, `::1`, or `localhost`), never user information.
enum SecretSafeURL {
    static func allows(_ components: URLComponents) -> Bool {
        guard let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil
        else { return false }
        return scheme == "https" || (scheme == "http" && isLoopback(host))
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { UInt8($0) != nil && ($0 == "0" || !$0.hasPrefix("0")) }
    }
}

/// The request line of a request head: method, path and query. (Named apart from NIOHTTP1's `HTTPRequestHead`,
/// which this listener does not use: it reads at most one bounded head per connection, byte for byte.)
struct RedirectRequestLine {
    var method: Substring
    var path: Substring
    var query: Substring

    /// `nil` unless the head starts with `METHOD SP origin-form-target SP HTTP/1.x`.
    init?(_ bytes: [UInt8]) {
        guard let lineEnd = bytes.firstIndex(of: 13), let line = String(validating: bytes[..<lineEnd], as: UTF8.self)
        else { return nil }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else { return nil }
        method = parts[0]
        let target = parts[1]
        if let mark = target.firstIndex(of: "?") {
            path = target[..<mark]
            query = target[target.index(after: mark)...]
        } else {
            path = target
            query = ""
        }
    }
}

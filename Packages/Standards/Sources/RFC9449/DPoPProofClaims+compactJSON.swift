import RFC8259

extension DPoPProofClaims {
    /// The claims as the JSON a proof signs: what `JSONEncoder` with sorted keys and unescaped slashes makes of them
    /// (`JOSEJSON`), written straight into bytes.
    ///
    /// A client signs a proof for every request, and `JSONEncoder` (a container per value, then sorting the keys) cost
    /// about as much as the ES256 signature itself; six known members need none of that.
    public var compactJSON: [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(160 + htu.utf8.count + (nonce?.utf8.count ?? 0))
        json.append(UInt8(ascii: "{"))
        // In the order of their names, as sorted keys put them.
        if let ath { json.appendMember("ath", string: ath) }
        json.appendMember("htm", string: htm)
        json.appendMember("htu", string: htu)
        json.appendMember("iat", number: iatSeconds)
        json.appendMember("jti", string: jti)
        if let nonce { json.appendMember("nonce", string: nonce) }
        json.append(UInt8(ascii: "}"))
        return json
    }

    /// `iat` as the whole number of seconds `encode(to:)` writes; a value no clock gives (not finite, or beyond what
    /// 64 bits hold) is clamped instead of trapping.
    var iatSeconds: Int64 {
        guard iat.isFinite else { return 0 }
        let seconds = iat.rounded(.down)
        if seconds >= 9.2e18 { return .max }
        if seconds <= -9.2e18 { return .min }
        return Int64(seconds)
    }
}

extension [UInt8] {
    fileprivate mutating func appendMember(_ name: StaticString, string value: String) {
        appendName(name)
        // JOSEJSON's encoder leaves slashes as they are: `htu` is a URL.
        JSONStringWriter(escapesSlashes: false).appendQuoted(value, to: &self)
    }

    fileprivate mutating func appendMember(_ name: StaticString, number value: Int64) {
        appendName(name)
        append(contentsOf: Array(String(value).utf8))
    }

    private mutating func appendName(_ name: StaticString) {
        if count > 1 { append(UInt8(ascii: ",")) }
        append(UInt8(ascii: "\""))
        name.withUTF8Buffer { append(contentsOf: $0) }
        append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }
}

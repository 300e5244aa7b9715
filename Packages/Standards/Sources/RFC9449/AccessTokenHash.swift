import Crypto
import RFC7636

/// The `ath` claim of a proof sent with an access token (RFC 9449 §4.2): base64url(SHA-256(ASCII(token))).
public enum AccessTokenHash {
    public static func of(_ accessToken: String) -> String {
        Base64URL.encode(SHA256.hash(data: Array(accessToken.utf8)))
    }
}

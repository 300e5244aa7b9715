/// The code a person reads on one screen and types on another (RFC 8628 §6.1): eight letters from an alphabet with
/// no vowels (no words) and no look-alikes (no 0/O, 1/I), shown as `XXXX-XXXX`. 20⁸ ≈ 2.6·10¹⁰ codes.
///
/// That is few enough to guess at full speed, so the verification page does not let anyone: approving and denying
/// both need a successful password sign-in before the code is even looked at (so without an account's password no
/// answer says whether a code is live), and wrong codes are throttled per client address and per account
/// (`UserCodeThrottle`, RFC 8628 §5.1): five, then waits that double from one second up to fifteen minutes. A guesser
/// with an account of its own thus gets a few dozen guesses an hour, against at most ten live codes per address.
enum UserCode {
    static let alphabet: [Character] = Array("BCDFGHJKLMNPQRSTVWXZ")
    static let length = 8

    /// A new code from the system's cryptographic generator, in the form shown to people.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return display(String(letters))
    }

    /// The canonical form of what a person typed (upper case, without hyphens or spaces), or `nil` if it cannot be
    /// a code.
    static func normalized(_ typed: String) -> String? {
        guard typed.utf8.count <= 64 else { return nil }
        let letters = typed.uppercased().filter { $0 != "-" && !$0.isWhitespace }
        guard letters.count == length, letters.allSatisfy(alphabet.contains) else { return nil }
        return letters
    }

    /// `BCDFGHJK` as `BCDF-GHJK`.
    static func display(_ normalized: String) -> String {
        let middle = normalized.index(normalized.startIndex, offsetBy: length / 2, limitedBy: normalized.endIndex)
        guard let middle else { return normalized }
        return "\(normalized[..<middle])-\(normalized[middle...])"
    }
}

/// Why `JSONReader` stopped: what was wrong, and where in the bytes. Carries no text from the document, so that it
/// can be logged or shown whatever the server sent.
public struct JSONReadError: Error, Sendable, Equatable {
    /// What was wrong.
    public enum Reason: Sendable, Equatable {
        /// The bytes ended inside a value.
        case unexpectedEnd
        /// A byte that the grammar does not allow here.
        case unexpectedByte(UInt8)
        /// A backslash not followed by one of RFC 8259's escapes.
        case invalidEscape
        /// A `\uXXXX` escape of a UTF-16 surrogate without its other half.
        case unpairedSurrogate
        /// Bytes that are not UTF-8 (RFC 8259 §8.1).
        case invalidUTF8
        /// Arrays and objects nested deeper than `JSONReader.maximumDepth`.
        case tooDeep
        /// A number where an integer was expected, whose value is not a whole number.
        case notAnInteger
        /// A whole number too large for `Int`, or one beyond 2⁵³ written with a fraction or an exponent.
        case integerOutOfRange
        /// A value of another kind than the one expected (a string where a number belongs, `null` where a value is
        /// required).
        case expected(Kind)
        /// A member the shape requires is missing.
        case missingMember(String)
        /// A member the shape reads appears twice: RFC 8259 §4 leaves such an object's meaning open, so it is
        /// refused rather than read one way or the other.
        case duplicateMember(String)
        /// A member's value has the right kind but is not one the shape allows (a date that is not RFC 3339).
        case invalidMember(String)
    }

    /// The kinds of JSON value.
    public enum Kind: Sendable, Equatable {
        case object, array, string, number
    }

    public var reason: Reason
    /// The offset of the byte where reading stopped.
    public var offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }
}

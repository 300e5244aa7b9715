/// Reads JSON text (RFC 8259) from UTF-8 bytes token by token, for a reader that knows the shape it expects and wants
/// no tree of values in between: it asks for an object, walks its members by name, reads the values it knows and
/// skips the others.
///
/// Strict where RFC 8259 is, including in the values it skips: the bytes must be UTF-8, strings may hold no control
/// characters and only the RFC's escapes, numbers follow the grammar, no comma trails, nothing but whitespace follows
/// the value. A UTF-8 byte order mark at the start is ignored, as §8.1 allows. Arrays and objects nest at most
/// `maximumDepth` deep, so that no document can exhaust the stack (`skipValue` recurses once per level). Member names
/// are compared byte for byte, as RFC 8259 §8.3 describes (`JSONDecoder` compares them as `String`s, so a name that is
/// only canonically equivalent to another matches it there, not here).
///
/// Non-copyable: the reader holds the bytes `read(_:with:)` lends it, so it must not outlive that call.
///
/// For bodies too hot for `JSONDecoder` (a page of stories per request of `list --all`); see `StoryPageReader`.
public struct JSONReader: ~Copyable {
    /// How deep arrays and objects may nest, as `JSONDecoder` allows.
    public static let maximumDepth = 512

    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var index = 0
    @usableFromInline var depth = 0
    /// The last member name read, as a range of `bytes`, or unescaped when it held escapes.
    @usableFromInline var nameRange = 0..<0
    @usableFromInline var unescapedName: [UInt8]?

    /// Where reading is, for errors a shape reader throws.
    public var offset: Int { index }

    @usableFromInline init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads `bytes` as one JSON text with `body`, then checks that nothing but whitespace follows it.
    @inlinable
    public static func read<Value>(
        _ bytes: [UInt8], with body: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) -> Value {
        let result: Result<Value, JSONReadError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            reader.skipByteOrderMark()
            return Result { () throws(JSONReadError) -> Value in
                let value = try body(&reader)
                try reader.expectEnd()
                return value
            }
        }
        return try result.get()
    }

    // MARK: Objects and arrays

    /// Where a reader is in an object's members or an array's elements: which bracket closes it, and how deep it is,
    /// so that walking a container with the other kind's method, or after leaving one of its entries unread, stops
    /// the program instead of reading the document wrongly.
    public struct ContainerPosition: Sendable {
        @usableFromInline let closing: UInt8
        @usableFromInline let depth: Int
        @usableFromInline var isAtStart = true

        @usableFromInline init(closing: UInt8, depth: Int) {
            self.closing = closing
            self.depth = depth
        }
    }

    /// Reads the `{` that opens an object; then `nextMember(_:)` walks its members.
    @inlinable
    public mutating func beginObject() throws(JSONReadError) -> ContainerPosition {
        try open(UInt8(ascii: "{"), kind: .object)
        return ContainerPosition(closing: UInt8(ascii: "}"), depth: depth)
    }

    /// Moves to the object's next member and reads its name and the colon after it (compare the name with
    /// `memberName(is:)`, then read or skip the value); false once the object's `}` is read.
    @inlinable
    public mutating func nextMember(_ position: inout ContainerPosition) throws(JSONReadError) -> Bool {
        precondition(position.closing == UInt8(ascii: "}"), "nextMember(_:) walks an object, not an array")
        guard try nextInContainer(&position) else { return false }
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw JSONReadError(.unexpectedByte(bytes[index]), at: index) }
        try readName()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        return true
    }

    /// Whether the name of the member `nextMember(_:)` last moved to is `name`. Ask before reading or skipping its
    /// value: the members of a skipped object are read too.
    @inlinable
    public func memberName(is name: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        if let unescapedName { return unescapedName.elementsEqual(expected) }
        guard nameRange.count == expected.count else { return false }
        return UnsafeBufferPointer(rebasing: bytes[nameRange]).elementsEqual(expected)
    }

    /// Reads the `[` that opens an array; then `nextElement(_:)` walks its elements.
    @inlinable
    public mutating func beginArray() throws(JSONReadError) -> ContainerPosition {
        try open(UInt8(ascii: "["), kind: .array)
        return ContainerPosition(closing: UInt8(ascii: "]"), depth: depth)
    }

    /// Moves to the array's next element (read or skip it next); false once the array's `]` is read.
    @inlinable
    public mutating func nextElement(_ position: inout ContainerPosition) throws(JSONReadError) -> Bool {
        precondition(position.closing == UInt8(ascii: "]"), "nextElement(_:) walks an array, not an object")
        return try nextInContainer(&position)
    }

    // MARK: Values

    /// Reads `null` if it is the next value, and says whether it was.
    @inlinable
    public mutating func readNull() throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
        try readLiteral("null")
        return true
    }

    /// Reads a string.
    @inlinable
    public mutating func readString() throws(JSONReadError) -> String {
        try readString { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads a string and hands its UTF-8 bytes, unescaped and valid, to `body`; they live only during the call.
    @inlinable
    public mutating func readString<Value>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(JSONReadError) -> Value
    ) throws(JSONReadError) -> Value {
        skipWhitespace()
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw JSONReadError(.expected(.string), at: index) }
        let start = index + 1
        switch try scanString() {
        case .plain(let end):
            return try body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        case .escaped:
            let unescaped = try unescape(from: start)
            return try unescaped.withUnsafeBufferPointer { buffer throws(JSONReadError) in try body(buffer) }
        }
    }

    /// Reads a number whose value is a whole number that fits `Int`. As `JSONDecoder` does, a fraction or exponent is
    /// accepted when the value is whole (`1.0`, `1e2`), up to 2⁵³ in magnitude: beyond that, readers that go through
    /// a `Double` (`JSONDecoder` among them) round such a number and disagree on its value, so it is refused.
    @inlinable
    public mutating func readInteger() throws(JSONReadError) -> Int {
        skipWhitespace()
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        let start = index
        let byte = bytes[index]
        guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
            throw JSONReadError(.expected(.number), at: index)
        }
        let isPlainInteger = try scanNumber()
        let number = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard isPlainInteger else { return try Self.wholeNumber(number, at: start) }
        guard let value = Self.plainInteger(number) else { throw JSONReadError(.integerOutOfRange, at: start) }
        return value
    }

    /// Skips one value of any kind, checking it as strictly as one that is read.
    public mutating func skipValue() throws(JSONReadError) {
        skipWhitespace()
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            _ = try scanString()
        case UInt8(ascii: "{"):
            var members = try beginObject()
            while try nextMember(&members) { try skipValue() }
        case UInt8(ascii: "["):
            var elements = try beginArray()
            while try nextElement(&elements) { try skipValue() }
        case UInt8(ascii: "t"): try readLiteral("true")
        case UInt8(ascii: "f"): try readLiteral("false")
        case UInt8(ascii: "n"): try readLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
        case let byte: throw JSONReadError(.unexpectedByte(byte), at: index)
        }
    }

    // MARK: Below the tokens

    @inlinable
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    @usableFromInline
    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    @inlinable
    mutating func expect(_ byte: UInt8) throws(JSONReadError) {
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        guard bytes[index] == byte else { throw JSONReadError(.unexpectedByte(bytes[index]), at: index) }
        index += 1
    }

    @usableFromInline
    mutating func expectEnd() throws(JSONReadError) {
        skipWhitespace()
        guard index == bytes.count else { throw JSONReadError(.unexpectedByte(bytes[index]), at: index) }
    }

    @inlinable
    mutating func open(_ bracket: UInt8, kind: JSONReadError.Kind) throws(JSONReadError) {
        skipWhitespace()
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        guard bytes[index] == bracket else { throw JSONReadError(.expected(kind), at: index) }
        guard depth < Self.maximumDepth else { throw JSONReadError(.tooDeep, at: index) }
        depth += 1
        index += 1
    }

    /// Reads the comma before any but the first entry, or the closing bracket.
    @inlinable
    mutating func nextInContainer(_ position: inout ContainerPosition) throws(JSONReadError) -> Bool {
        precondition(position.depth == depth, "an entry of the container was left unread")
        let closing = position.closing
        skipWhitespace()
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        if position.isAtStart {
            position.isAtStart = false
            if bytes[index] == closing {
                index += 1
                depth -= 1
                return false
            }
            return true
        }
        switch bytes[index] {
        case closing:
            index += 1
            depth -= 1
            return false
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            // A comma promises another entry: `[1,]` and `{"a":1,}` are not JSON.
            guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
            guard bytes[index] != closing else { throw JSONReadError(.unexpectedByte(closing), at: index) }
            return true
        case let byte:
            throw JSONReadError(.unexpectedByte(byte), at: index)
        }
    }

    @usableFromInline
    mutating func readLiteral(_ literal: StaticString) throws(JSONReadError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() {
            guard index + offset < bytes.count else { throw JSONReadError(.unexpectedEnd, at: bytes.count) }
            guard bytes[index + offset] == byte else {
                throw JSONReadError(.unexpectedByte(bytes[index + offset]), at: index + offset)
            }
        }
        index += expected.count
    }

    /// How a string ended: at `end`, the index of its closing quote, with no escapes in between; or with escapes.
    @usableFromInline
    enum ScannedString {
        case plain(end: Int)
        case escaped
    }

    /// Moves past the string whose opening quote is at `index`, checking it: escapes, control characters, UTF-8.
    @usableFromInline
    mutating func scanString() throws(JSONReadError) -> ScannedString {
        let start = index + 1
        var position = start
        var isASCII = true
        var hasEscapes = false
        while true {
            guard position < bytes.count else { throw JSONReadError(.unexpectedEnd, at: position) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position = try Self.endOfEscape(in: bytes, at: position)
                continue
            }
            if byte < 0x20 { throw JSONReadError(.unexpectedByte(byte), at: position) }
            if byte >= 0x80 { isASCII = false }
            position += 1
        }
        if !isASCII, let invalid = UTF8Validation.firstInvalidByte(in: bytes, from: start, to: position) {
            throw JSONReadError(.invalidUTF8, at: invalid)
        }
        index = position + 1
        return hasEscapes ? .escaped : .plain(end: position)
    }

    /// The index after the escape at `position`, which must be one of RFC 8259 §7's.
    static func endOfEscape(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) throws(JSONReadError) -> Int {
        guard position + 1 < bytes.count else { throw JSONReadError(.unexpectedEnd, at: bytes.count) }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return position + 2
        case UInt8(ascii: "u"):
            _ = try hexQuad(in: bytes, at: position + 2)
            return position + 6
        default:
            throw JSONReadError(.invalidEscape, at: position)
        }
    }

    static func hexQuad(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) throws(JSONReadError) -> UInt16 {
        guard bytes.count - position >= 4 else { throw JSONReadError(.unexpectedEnd, at: bytes.count) }
        var value: UInt16 = 0
        for offset in position..<position + 4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONReadError(.invalidEscape, at: offset)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The contents of the already scanned string starting at `start`, its escapes replaced by what they stand for.
    @usableFromInline
    func unescape(from start: Int) throws(JSONReadError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(index - start)  // Escapes only ever shorten: `index` is past the closing quote.
        var position = start
        while bytes[position] != UInt8(ascii: "\"") {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                position += 1
                continue
            }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                let escapeStart = position - 2
                var scalar = UInt32(try Self.hexQuad(in: bytes, at: position))
                position += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate counts only with a `\u` low surrogate right after it.
                    guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    else { throw JSONReadError(.unpairedSurrogate, at: escapeStart) }
                    let low = UInt32(try Self.hexQuad(in: bytes, at: position + 2))
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw JSONReadError(.unpairedSurrogate, at: escapeStart)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw JSONReadError(.unpairedSurrogate, at: escapeStart)
                }
                // Not a surrogate, or a pair put together: always a scalar.
                result.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
            default: result.append(escaped)  // `"`, `\` and `/` stand for themselves; `endOfEscape` allowed no other.
            }
        }
        return result
    }

    /// Reads a member name at `index` (its opening quote) into `nameRange`, or `unescapedName` if it has escapes.
    @usableFromInline
    mutating func readName() throws(JSONReadError) {
        let start = index + 1
        switch try scanString() {
        case .plain(let end):
            nameRange = start..<end
            unescapedName = nil
        case .escaped:
            unescapedName = try unescape(from: start)
        }
    }

    /// Moves past the number at `index`, checking RFC 8259 §6's grammar; says whether it has neither a fraction nor
    /// an exponent.
    @usableFromInline
    mutating func scanNumber() throws(JSONReadError) -> Bool {
        var isPlainInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            try skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isPlainInteger = false
            index += 1
            try skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isPlainInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try skipDigits()
        }
        return isPlainInteger
    }

    /// One or more digits.
    @usableFromInline
    mutating func skipDigits() throws(JSONReadError) {
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        guard Self.isDigit(bytes[index]) else { throw JSONReadError(.unexpectedByte(bytes[index]), at: index) }
        index += 1
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    @inlinable
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `-?digits`, already checked, as an `Int`; nil if it does not fit.
    @usableFromInline
    static func plainInteger(_ number: UnsafeBufferPointer<UInt8>) -> Int? {
        let isNegative = number[0] == UInt8(ascii: "-")
        var value = 0
        for byte in number.dropFirst(isNegative ? 1 : 0) {
            let digit = Int(byte - UInt8(ascii: "0"))
            // Accumulated negatively, so that Int.min fits.
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowDigit) = shifted.subtractingReportingOverflow(digit)
            if overflowShift || overflowDigit { return nil }
            value = next
        }
        if isNegative { return value }
        let (positive, overflow) = (0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    /// A checked number with a fraction or exponent as an `Int`, when its value is a whole number that fits: its
    /// digits without the point, shifted by the exponent, exactly (no binary floating point on the way). Throws, at
    /// `offset`, when a fraction is left over or the whole number is too large.
    @usableFromInline
    static func wholeNumber(_ number: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONReadError) -> Int {
        let (digits, exponent) = decimal(number)
        // Every digit that the exponent moves behind the point must be 0.
        var significant = digits
        if exponent < 0 {
            let dropped = min(-exponent, significant.count)
            guard significant.suffix(dropped).allSatisfy({ $0 == UInt8(ascii: "0") }) else {
                throw JSONReadError(.notAnInteger, at: offset)
            }
            significant.removeLast(dropped)
        }
        let isNegative = number[0] == UInt8(ascii: "-")
        let trimmed = significant.drop { $0 == UInt8(ascii: "0") }
        if trimmed.isEmpty { return 0 }
        // 19 digits is the most an Int holds; more, with a zero exponent or not, overflows.
        let zeros = max(exponent, 0)
        guard trimmed.count + zeros <= 19 else { throw JSONReadError(.integerOutOfRange, at: offset) }
        let text =
            (isNegative ? [UInt8(ascii: "-")] : []) + Array(trimmed)
            + [UInt8](repeating: UInt8(ascii: "0"), count: zeros)
        guard let value = text.withUnsafeBufferPointer({ plainInteger($0) }), value.magnitude <= 1 << 53 else {
            throw JSONReadError(.integerOutOfRange, at: offset)
        }
        return value
    }

    /// A checked number's digits (integer and fraction parts together) and the power of ten they are scaled by. An
    /// exponent beyond a billion is held as a billion: no whole number that fits `Int` has a digit that far out.
    static func decimal(_ number: UnsafeBufferPointer<UInt8>) -> (digits: [UInt8], exponent: Int) {
        var digits: [UInt8] = []
        var exponent = 0
        var position = number[0] == UInt8(ascii: "-") ? 1 : 0
        while position < number.count, isDigit(number[position]) {
            digits.append(number[position])
            position += 1
        }
        if position < number.count, number[position] == UInt8(ascii: ".") {
            position += 1
            while position < number.count, isDigit(number[position]) {
                digits.append(number[position])
                exponent -= 1
                position += 1
            }
        }
        if position < number.count {  // The exponent: e, an optional sign, digits.
            position += 1
            let isNegative = number[position] == UInt8(ascii: "-")
            if number[position] == UInt8(ascii: "-") || number[position] == UInt8(ascii: "+") { position += 1 }
            var written = 0
            while position < number.count {
                let (shifted, overflowShift) = written.multipliedReportingOverflow(by: 10)
                let (next, overflowDigit) = shifted.addingReportingOverflow(Int(number[position] - UInt8(ascii: "0")))
                written = overflowShift || overflowDigit ? 1_000_000_000 : min(next, 1_000_000_000)
                position += 1
            }
            exponent += isNegative ? -written : written
        }
        return (digits, exponent)
    }
}

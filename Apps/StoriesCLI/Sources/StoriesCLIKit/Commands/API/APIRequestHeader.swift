import Foundation
import HTTPTypes

/// One `-H 'Name: value'` of `stories-cli api`.
enum APIRequestHeader {
    /// Fields the session's middleware or the transport sets: a value given here would be replaced without a word
    /// (`Authorization`, `DPoP`) or would contradict the request actually sent.
    static let reservedNames: Set<HTTPField.Name> = [
        .authorization, .proxyAuthorization, HTTPField.Name("DPoP")!, HTTPField.Name("Host")!, .contentLength,
        .transferEncoding, .connection,
    ]

    /// The field `argument` names, or why it cannot be sent.
    static func parse(_ argument: String) throws(APIArgumentError) -> HTTPField {
        guard let colon = argument.firstIndex(of: ":") else { throw .malformedHeader(argument) }
        let name = argument[..<colon].trimmingCharacters(in: [" ", "\t"])
        let value = argument[argument.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
        guard let fieldName = HTTPField.Name(name), HTTPField.isValidValue(value) else {
            throw .malformedHeader(argument)
        }
        guard !reservedNames.contains(fieldName) else { throw .reservedHeader(name) }
        return HTTPField(name: fieldName, value: value)
    }
}

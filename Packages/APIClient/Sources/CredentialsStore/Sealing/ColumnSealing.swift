import Authorization
import Crypto
import Foundation

/// What a file's secret columns go through on their way into and out of the file: nothing (plain storage), or
/// AES-256-GCM under the file's data key, each value bound to its row and column.
///
/// A sealed value is `sealed1:` and the base64 of nonce (12 bytes), ciphertext and tag (16 bytes). Its associated
/// data names the origin, the account and the column (`ColumnBinding`), so a value copied into another row or
/// column does not open.
enum ColumnSealing: Sendable {
    case plain
    case sealed(SymmetricKey)
    /// A sealed file with no data key yet: it holds no sealed value, and any found is rejected.
    case unkeyed

    static let prefix = "sealed1:"

    init(_ key: DataKey) {
        self = .sealed(SymmetricKey(data: key.bytes))
    }

    /// `value` as the file stores it.
    func seal(_ value: String, binding: ColumnBinding) throws -> String {
        switch self {
        case .plain:
            return value
        case .sealed(let key):
            let box = try AES.GCM.seal(Data(value.utf8), using: key, authenticating: binding.associatedData)
            // `combined` is non-nil for the default 12-byte nonce.
            guard let combined = box.combined else { throw ColumnSealingError.rejected(column: binding.column) }
            return Self.prefix + combined.base64EncodedString()
        case .unkeyed:
            throw ColumnSealingError.rejected(column: binding.column)
        }
    }

    /// The value the file stores as `stored`; throws `ColumnSealingError.rejected` when it does not open with this
    /// key for this row and column.
    func open(_ stored: String, binding: ColumnBinding) throws -> String {
        switch self {
        case .plain:
            return stored
        case .sealed(let key):
            guard stored.hasPrefix(Self.prefix),
                let combined = Data(base64Encoded: String(stored.dropFirst(Self.prefix.count))),
                let box = try? AES.GCM.SealedBox(combined: combined),
                let plain = try? AES.GCM.open(box, using: key, authenticating: binding.associatedData),
                let text = String(data: plain, encoding: .utf8)
            else {
                throw ColumnSealingError.rejected(column: binding.column)
            }
            return text
        case .unkeyed:
            throw ColumnSealingError.rejected(column: binding.column)
        }
    }
}

/// A sealed value that does not open: altered, or moved from another row or column.
enum ColumnSealingError: Error {
    case rejected(column: String)
}

/// The row and column a sealed value belongs to: its AES-GCM associated data.
struct ColumnBinding {
    var origin: String
    var account: String
    var column: String

    /// A tag and each part with its length (4 bytes, big-endian) before it, so that no two bindings share bytes.
    var associatedData: Data {
        var data = Data("stories-credential-column-v1".utf8)
        for part in [origin, account, column] {
            let bytes = Data(part.utf8)
            withUnsafeBytes(of: UInt32(bytes.count).bigEndian) { data.append(contentsOf: $0) }
            data.append(bytes)
        }
        return data
    }
}

/// One secret column of `CredentialRow`: its name (part of each sealed value's associated data) and how to read and
/// write it in the row.
struct SecretColumn: Sendable {
    let name: String
    let get: @Sendable (CredentialRow) -> String?
    let set: @Sendable (inout CredentialRow, String) -> Void

    init(
        _ name: String, get: @escaping @Sendable (CredentialRow) -> String?,
        set: @escaping @Sendable (inout CredentialRow, String) -> Void
    ) {
        self.name = name
        self.get = get
        self.set = set
    }
}

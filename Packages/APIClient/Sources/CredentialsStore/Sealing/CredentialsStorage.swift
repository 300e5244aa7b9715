/// How a credentials file keeps its secret columns, as the file records it (the `storage` table).
public enum CredentialsStorage: String, Sendable, Equatable, CaseIterable {
    /// As they are, protected by the file's mode (0600) only: files from before sealing, and files the person chose
    /// plain storage for.
    case plain
    /// Sealed with AES-GCM under the file's data key, which the OS keyring holds.
    case sealed
}

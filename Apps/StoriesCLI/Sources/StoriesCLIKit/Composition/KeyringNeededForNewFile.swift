import Authorization

/// A sign-in would create the credentials file at `path` sealed with a key in the OS keyring, and the keyring
/// failed (`failure`): unlike the same failure on an existing sealed file, plain storage is a way out here.
struct KeyringNeededForNewFile: Error, Equatable {
    let path: String
    let failure: KeyringError
}

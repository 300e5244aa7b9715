import Authorization
import CredentialsStore

#if os(Linux)
    import SecretServiceKeyring
#endif

/// The OS keyring that holds the credentials file's data key: the freedesktop Secret Service on Linux. Elsewhere
/// there is none yet (a Keychain `DataKeyStore` would go beside `SecretServiceKeyring`), and sealing reports the
/// keyring unavailable, so that a person chooses plain storage knowingly.
enum SystemKeyring {
    static func make() -> any DataKeyStore {
        #if os(Linux)
            SecretServiceKeyring()
        #else
            InMemoryDataKeyStore(failure: .unavailable(reason: "no keyring backend for this platform yet"))
        #endif
    }
}

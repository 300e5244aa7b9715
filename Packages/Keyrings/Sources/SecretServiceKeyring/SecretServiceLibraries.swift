#if os(Linux)
    import Authorization
    import Synchronization

    /// The system libraries the Secret Service backend loads at run time, by soname. Nothing is linked at build
    /// time: a machine without them builds, and runs every command that does not seal, as before.
    public struct SecretServiceLibraryNames: Sendable, Equatable {
        /// GIO (with GLib and GObject), for the plain-session read. Debian: `libglib2.0-0`.
        public var gio: String
        /// libsecret, for storing, deleting and checking. Debian: `libsecret-1-0`.
        public var libSecret: String

        public init(gio: String, libSecret: String) {
            self.gio = gio
            self.libSecret = libSecret
        }

        /// The sonames every distribution ships them under.
        public static let system = SecretServiceLibraryNames(gio: "libgio-2.0.so.0", libSecret: "libsecret-1.so.0")
    }

    /// Opens each library the first time a call needs it and keeps its functions, or why it could not be opened.
    final class SecretServiceLibraries: Sendable {
        private let names: SecretServiceLibraryNames
        private let gio = Mutex<Result<GIOFunctions, KeyringError>?>(nil)
        private let libSecret = Mutex<Result<LibSecretFunctions, KeyringError>?>(nil)

        init(names: SecretServiceLibraryNames) {
            self.names = names
        }

        /// GIO's functions, or `unavailable` naming the library when it is not installed.
        func gioFunctions() throws(KeyringError) -> GIOFunctions {
            let name = names.gio
            return try Self.once(gio) { () throws(DynamicLibraryError) in try GIOFunctions(DynamicLibrary(name: name)) }
        }

        /// libsecret's functions, or `unavailable` naming the library when it is not installed.
        func libSecretFunctions() throws(KeyringError) -> LibSecretFunctions {
            let name = names.libSecret
            return try Self.once(libSecret) { () throws(DynamicLibraryError) in
                try LibSecretFunctions(DynamicLibrary(name: name))
            }
        }

        /// What `cache` holds, or the outcome of `load`, kept there the first time: a library is opened once.
        private static func once<Functions: Sendable>(
            _ cache: borrowing Mutex<Result<Functions, KeyringError>?>,
            _ load: () throws(DynamicLibraryError) -> Functions
        ) throws(KeyringError) -> Functions {
            try cache.withLock { cached in
                if let cached { return cached }
                let result = Result { () throws(KeyringError) in try unavailableUnlessLoaded(load) }
                cached = result
                return result
            }.get()
        }

        private static func unavailableUnlessLoaded<T>(
            _ load: () throws(DynamicLibraryError) -> T
        ) throws(KeyringError) -> T {
            do {
                return try load()
            } catch {
                switch error {
                case .notLoaded(let library): throw .unavailable(reason: "\(library) is not installed")
                case .missingSymbol(let library, let symbol):
                    throw .unavailable(reason: "\(library) has no \(symbol) (too old)")
                }
            }
        }
    }
#endif

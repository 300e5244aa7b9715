#if os(Linux)
    import Authorization
    import Dispatch
    import Foundation
    import Synchronization

    /// Data keys in the freedesktop Secret Service (GNOME Keyring, KeePassXC, KWallet's bridge): one item per
    /// credentials file in the default collection, attributes `application=stories-cli` and `file=<the file's id>`,
    /// labelled with the file's path, its secret the key in base64.
    ///
    /// The system's libraries are loaded at run time (`SecretServiceLibraryNames`): libsecret stores, deletes and
    /// checks; the read every command on a sealed file makes goes through GDBus in a plain session on the user's own
    /// bus (`PlainSessionRead`), and through libsecret anywhere else. Where a library is not installed, every call
    /// is `KeyringError.unavailable` naming it.
    ///
    /// Its calls block (D-Bus round trips, and a prompt when a collection must be unlocked), so each runs on this
    /// keyring's own serial queue, never on the cooperative pool, and is cancelled when `deadline` passes: the caller
    /// gets `KeyringError.timedOut` then, whatever the call is doing. No session bus, or one without a Secret Service,
    /// is `KeyringError.unavailable`. A locked default collection is `KeyringError.locked`, never a prompt: stores
    /// and deletes check it before any item is touched, and a read reports an item it finds only locked, or finds
    /// none while the collection is locked.
    public final class SecretServiceKeyring: DataKeyStore {
        /// How long a call may take: gh's 3 seconds, and a little more for a service that is starting.
        public static let defaultDeadline: Duration = .seconds(5)

        private let deadline: Duration
        private let libraries: SecretServiceLibraries
        private let queue = DispatchQueue(label: "stories.keyring.secret-service")

        public init(deadline: Duration = defaultDeadline, libraries: SecretServiceLibraryNames = .system) {
            self.deadline = deadline
            self.libraries = SecretServiceLibraries(names: libraries)
        }

        public func dataKey(fileID: String) async throws(KeyringError) -> DataKey {
            let deadline = self.deadline
            let libraries = self.libraries
            let encoded = try await call { cancellable throws(KeyringError) -> [UInt8] in
                let gio = try libraries.gioFunctions()
                let usesService = PlainSessionRead.libSecretUsesService(
                    environment: ProcessInfo.processInfo.environment,
                    sandboxed: FileManager.default.fileExists(atPath: "/.flatpak-info"))
                if usesService {
                    let outcome = PlainSessionRead(gio: gio, deadline: deadline).read(
                        fileID: fileID, cancellable: cancellable)
                    if case .read(let result) = outcome { return try result.get() }
                }
                return try LibSecretCalls(gio: gio, secret: try libraries.libSecretFunctions(), deadline: deadline)
                    .lookup(fileID: fileID, cancellable: cancellable)
            }
            guard let bytes = Data(base64Encoded: Data(encoded)), let key = DataKey(bytes: [UInt8](bytes)) else {
                throw KeyringError.malformedKey(fileID: fileID)
            }
            return key
        }

        public func store(_ key: DataKey, fileID: String, path: String) async throws(KeyringError) {
            let encoded = Data(key.bytes).base64EncodedString()
            let label = "Stories credentials key (\(path))"
            try await withLibSecret { calls, cancellable throws(KeyringError) in
                try calls.store(encoded, fileID: fileID, label: label, cancellable: cancellable)
            }
        }

        public func removeDataKey(fileID: String) async throws(KeyringError) {
            try await withLibSecret { calls, cancellable throws(KeyringError) in
                try calls.clear(fileID: fileID, cancellable: cancellable)
            }
        }

        public func checkAvailable() async throws(KeyringError) {
            try await withLibSecret { calls, cancellable throws(KeyringError) in
                try calls.check(cancellable: cancellable)
            }
        }

        private func withLibSecret(
            _ work: @escaping @Sendable (LibSecretCalls, OpaquePointer?) throws(KeyringError) -> Void
        ) async throws(KeyringError) {
            let deadline = self.deadline
            let libraries = self.libraries
            try await call { cancellable throws(KeyringError) in
                let calls = LibSecretCalls(
                    gio: try libraries.gioFunctions(), secret: try libraries.libSecretFunctions(), deadline: deadline)
                try work(calls, cancellable)
            }
        }

        /// `work` on the keyring's queue with a new GCancellable, its result or `timedOut` once `deadline` passes
        /// (the cancellable is then cancelled, and the call's own result, when it comes, dropped).
        private func call<T: Sendable>(
            _ work: @escaping @Sendable (OpaquePointer?) throws(KeyringError) -> T
        ) async throws(KeyringError) -> T {
            let gio = try libraries.gioFunctions()
            let call = PendingCall<T>(gio: gio)
            let deadline = self.deadline
            let result = await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<T, KeyringError>, Never>) in
                call.start(continuation)
                queue.async {
                    call.finish(Result { () throws(KeyringError) in try work(call.cancellable.pointer) })
                }
                let nanoseconds =
                    deadline.components.seconds * 1_000_000_000
                    + deadline.components.attoseconds / 1_000_000_000
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
                    call.expire(.failure(.timedOut(deadline: deadline)))
                }
            }
            return try result.get()
        }
    }

    /// A GCancellable owned by one call.
    ///
    /// `@unchecked Sendable`: the pointer is only passed to GLib, whose `GCancellable` is thread-safe, and it is
    /// released once, by `PendingCall.finish`, under the same lock `expire` cancels it under, so no cancel follows
    /// the release.
    private struct Cancellable: @unchecked Sendable {
        let pointer: OpaquePointer?
    }

    /// One keyring call racing its deadline: whichever of `finish` and `expire` comes first resumes the caller.
    private final class PendingCall<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<T, KeyringError>, Never>?
            var finished = false
        }

        let cancellable: Cancellable
        private let gio: GIOFunctions
        private let state = Mutex(State())

        init(gio: GIOFunctions) {
            self.gio = gio
            self.cancellable = Cancellable(pointer: gio.cancellableNew())
        }

        func start(_ continuation: CheckedContinuation<Result<T, KeyringError>, Never>) {
            state.withLock { $0.continuation = continuation }
        }

        /// The call returned: resumes the caller unless the deadline did, and releases the cancellable.
        func finish(_ result: Result<T, KeyringError>) {
            let continuation = state.withLock { state in
                state.finished = true
                gio.objectUnref(cancellable.pointer)
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(returning: result)
        }

        /// The deadline passed: resumes the caller with `result` and cancels the call, unless it returned already.
        func expire(_ result: Result<T, KeyringError>) {
            let continuation = state.withLock { state -> CheckedContinuation<Result<T, KeyringError>, Never>? in
                guard !state.finished else { return nil }
                gio.cancellableCancel(cancellable.pointer)
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(returning: result)
        }
    }
#endif

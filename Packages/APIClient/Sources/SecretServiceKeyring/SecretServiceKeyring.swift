#if canImport(CSecretService)
    import Authorization
    import CSecretService
    import Dispatch
    import Foundation
    import Synchronization

    /// Data keys in the freedesktop Secret Service (GNOME Keyring, KeePassXC, KWallet's bridge), through libsecret and
    /// D-Bus (`CSecretService`): one item per credentials file in the default collection, attributes
    /// `application=stories-cli` and `file=<the file's id>`, labelled with the file's path, its secret the key in
    /// base64.
    ///
    /// Its calls block (D-Bus round trips, and a prompt when a collection must be unlocked), so each runs on this
    /// keyring's own serial queue, never on the cooperative pool, and is cancelled when `deadline` passes: the caller
    /// gets `KeyringError.timedOut` then, whatever the call is doing. No session bus, or one without a Secret Service,
    /// is `KeyringError.unavailable` (the call fails at once; the deadline covers the rest). A locked default
    /// collection is `KeyringError.locked`, never a prompt: stores and deletes check it before any item is touched,
    /// and a read reports an item it finds only locked, or finds none while the collection is locked.
    ///
    /// A read, the one call every command on a sealed file makes, goes straight over D-Bus in a plain Secret Service
    /// session when the session bus is the user's own (a Unix socket to a bus daemon of this user): four calls in
    /// three round trips, no cryptography to load. Every process that could see the key on that bus runs as the user
    /// and could ask the unlocked collection for it anyway (docs/DESIGN.md, "Tokens are sealed at rest with a key the
    /// OS keyring holds"). Anywhere else it goes through libsecret, whose session is encrypted, as stores, deletes and
    /// checks always do.
    public final class SecretServiceKeyring: DataKeyStore {
        /// How long a call may take: gh's 3 seconds, and a little more for a service that is starting.
        public static let defaultDeadline: Duration = .seconds(5)

        private let deadline: Duration
        private let queue = DispatchQueue(label: "stories.keyring.secret-service")

        public init(deadline: Duration = defaultDeadline) {
            self.deadline = deadline
        }

        public func dataKey(fileID: String) async throws(KeyringError) -> DataKey {
            let deadline = self.deadline
            let encoded = try await call { cancellable -> Result<String, KeyringError> in
                // 32 bytes in base64 are 44 characters; anything longer is not ours.
                var buffer = [CChar](repeating: 0, count: 128)
                let result = stories_keyring_lookup(fileID, &buffer, buffer.count, cancellable)
                defer { buffer.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
                if result.status == STORIES_KEYRING_MISSING { return .failure(.keyMissing(fileID: fileID)) }
                if let failure = Self.failure(result, deadline: deadline) { return .failure(failure) }
                return .success(
                    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            guard let bytes = Data(base64Encoded: encoded), let key = DataKey(bytes: [UInt8](bytes)) else {
                throw KeyringError.malformedKey(fileID: fileID)
            }
            return key
        }

        public func store(_ key: DataKey, fileID: String, path: String) async throws(KeyringError) {
            let encoded = Data(key.bytes).base64EncodedString()
            let label = "Stories credentials key (\(path))"
            let deadline = self.deadline
            try await call { cancellable -> Result<Void, KeyringError> in
                let result = stories_keyring_store(fileID, label, encoded, cancellable)
                if let failure = Self.failure(result, deadline: deadline) { return .failure(failure) }
                return .success(())
            }
        }

        public func removeDataKey(fileID: String) async throws(KeyringError) {
            let deadline = self.deadline
            return try await call { cancellable -> Result<Void, KeyringError> in
                if let failure = Self.failure(stories_keyring_clear(fileID, cancellable), deadline: deadline) {
                    return .failure(failure)
                }
                return .success(())
            }
        }

        public func checkAvailable() async throws(KeyringError) {
            let deadline = self.deadline
            return try await call { cancellable -> Result<Void, KeyringError> in
                if let failure = Self.failure(stories_keyring_check(cancellable), deadline: deadline) {
                    return .failure(failure)
                }
                return .success(())
            }
        }

        /// `work` on the keyring's queue with a new cancellable, its result or `timedOut` once `deadline` passes
        /// (the cancellable is then cancelled, and the call's own result, when it comes, dropped).
        private func call<T: Sendable>(
            _ work: @escaping @Sendable (UnsafeMutableRawPointer?) -> Result<T, KeyringError>
        ) async throws(KeyringError) -> T {
            let call = PendingCall<T>(cancellable: stories_keyring_cancellable_new())
            let deadline = self.deadline
            let result = await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<T, KeyringError>, Never>) in
                call.start(continuation)
                queue.async {
                    let result = work(call.cancellable.pointer)
                    call.finish(result)
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

        /// The typed failure `result` reports, or `nil` for success.
        private static func failure(_ result: stories_keyring_result, deadline: Duration) -> KeyringError? {
            var result = result
            let message = withUnsafeBytes(of: &result.message) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            let domain = withUnsafeBytes(of: &result.domain) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            switch result.status {
            case STORIES_KEYRING_OK: return nil
            case STORIES_KEYRING_UNAVAILABLE: return .unavailable(reason: message)
            case STORIES_KEYRING_LOCKED: return .locked(collection: message.isEmpty ? "default" : message)
            case STORIES_KEYRING_DENIED: return .denied
            // Only this type cancels, and only when the deadline passed.
            case STORIES_KEYRING_CANCELLED: return .timedOut(deadline: deadline)
            default: return .failed(domain: domain, code: Int32(result.code))
            }
        }
    }

    /// A GCancellable owned by one call.
    ///
    /// `@unchecked Sendable`: the pointer is only passed to GLib, whose `GCancellable` is thread-safe, and it is
    /// freed once, by `PendingCall.finish`, under the same lock `expire` cancels it under, so no cancel follows the
    /// free.
    private struct Cancellable: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer?
    }

    /// One keyring call racing its deadline: whichever of `finish` and `expire` comes first resumes the caller.
    private final class PendingCall<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<T, KeyringError>, Never>?
            var finished = false
        }

        let cancellable: Cancellable
        private let state = Mutex(State())

        init(cancellable: UnsafeMutableRawPointer?) {
            self.cancellable = Cancellable(pointer: cancellable)
        }

        func start(_ continuation: CheckedContinuation<Result<T, KeyringError>, Never>) {
            state.withLock { $0.continuation = continuation }
        }

        /// The call returned: resumes the caller unless the deadline did, and frees the cancellable.
        func finish(_ result: Result<T, KeyringError>) {
            let continuation = state.withLock { state in
                state.finished = true
                stories_keyring_cancellable_free(cancellable.pointer)
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(returning: result)
        }

        /// The deadline passed: resumes the caller with `result` and cancels the call, unless it returned already.
        func expire(_ result: Result<T, KeyringError>) {
            let continuation = state.withLock { state -> CheckedContinuation<Result<T, KeyringError>, Never>? in
                guard !state.finished else { return nil }
                stories_keyring_cancellable_cancel(cancellable.pointer)
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(returning: result)
        }
    }
#endif

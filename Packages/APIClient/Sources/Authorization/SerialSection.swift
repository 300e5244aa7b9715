/// Runs asynchronous critical sections one at a time, in the order they arrive.
///
/// The session coordinator runs its locked sections (refresh, sign-in, sign-out, switch) inside one, so that they
/// never interleave within a process even when the cross-process lock excludes nothing (`NoCrossProcessLock`): a
/// switch of the active account cannot land while this process's refresh is between reading the active session and
/// storing its successor.
actor SerialSection {
    private var isBusy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if isBusy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            isBusy = true
        }
        // Handed over, not released: the next waiter owns the section as soon as this body ends.
        defer {
            if waiters.isEmpty { isBusy = false } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }
}

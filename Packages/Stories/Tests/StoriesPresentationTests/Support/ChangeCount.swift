import Observation

/// Counts every change `withObservationTracking` reports for what `read` reads, as a view that re-renders on each one
/// would: it tracks again after each change, so a test sees the whole sequence of changes, not only the first.
///
/// Tracking again happens as the change is reported, before the new value is stored, so it reads the old values: a
/// read that takes another path with the new ones (`a && b`, where `a` has just become true) needs `track` again, as
/// a view's next render would. `track` replaces the tracking before it.
///
/// Main-actor isolated, like the tests that use it: a change is reported on the thread that makes it, which in these
/// tests is the main actor's. (An `@Observable` property reports no change when set to an equal value.)
@MainActor
final class ChangeCount {
    private(set) var value = 0
    private var read: (() -> Void)?
    /// Which `track` call the current tracking belongs to; reports for an earlier one are ignored.
    private var generation = 0

    /// Starts counting the changes to anything `read` reads, from now on.
    func track(_ read: @escaping () -> Void) {
        self.read = read
        generation += 1
        arm()
    }

    private func arm() {
        guard let read else { return }
        let generation = generation
        withObservationTracking(read) { [weak self] in
            MainActor.assumeIsolated { self?.changed(generation) }
        }
    }

    private func changed(_ reported: Int) {
        guard reported == generation else { return }
        value += 1
        arm()
    }
}

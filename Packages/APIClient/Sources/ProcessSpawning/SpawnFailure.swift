/// Why `ProgramSpawn` could not start a program: the step that failed and the `errno` it gave.
public struct SpawnFailure: Error, Equatable, Sendable {
    /// The steps of a start, in order.
    public enum Step: Sendable {
        /// Giving the child its standard streams and closing the rest (glibc before 2.34 cannot: `ENOSYS`).
        case preparingDescriptors
        /// Clearing the signal mask and dispositions, and making the process group.
        case preparingSignals
        /// `posix_spawn` itself: the program is missing, not executable, or the system is out of processes.
        case starting
    }

    public var executable: String
    public var step: Step
    public var errorNumber: Int32

    public init(executable: String, step: Step, errorNumber: Int32) {
        self.executable = executable
        self.step = step
        self.errorNumber = errorNumber
    }
}

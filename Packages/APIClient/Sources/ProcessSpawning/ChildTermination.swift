/// How a child process ended.
public enum ChildTermination: Sendable, Equatable {
    case exited(Int32)
    /// Ended by the signal's default action (a shell reports 128 + the signal's number).
    case signalled(Int32)

    /// The exit status, or the number of the signal that ended the process.
    public var status: Int32 {
        switch self {
        case .exited(let status), .signalled(let status): status
        }
    }
}

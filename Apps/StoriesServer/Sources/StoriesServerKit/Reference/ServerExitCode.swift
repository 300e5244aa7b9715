/// `stories-server`'s exit codes, from sysexits(3). Listed by its `--help` and man page (`ServerReference.exitCodes`).
public enum ServerExitCode: Int32, Sendable, CaseIterable {
    case stopped = 0
    /// The parser's own code for a bad option or value.
    case usage = 64
    /// EX_NOINPUT.
    case secretFileUnusable = 66
    /// EX_UNAVAILABLE.
    case portInUse = 69
    /// EX_TEMPFAIL: the authorization server may come back.
    case authorizationServerUnreachable = 75
    /// EX_CONFIG.
    case authorizationServerUnusable = 78

    public var meaning: String {
        switch self {
        case .stopped: "stopped (Ctrl-C or SIGTERM)"
        case .usage: "usage error (a bad option or value)"
        case .secretFileUnusable: "the introspection client's secret file cannot be used"
        case .portInUse: "the port is already in use"
        case .authorizationServerUnreachable: "the authorization server (--authorization-server) cannot be reached"
        case .authorizationServerUnusable: "its metadata cannot be used"
        }
    }
}

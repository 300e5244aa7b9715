/// The process exit codes, from sysexits(3). Listed by `stories-cli help exit-codes` (`CLIReference.exitCodes`) and the
/// man page.
public enum CLIExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 64
    case malformedData = 65
    case unknownAccount = 67
    case unreachable = 69
    /// EX_OSERR: the system refuses what every command needs (too few file descriptors).
    case osError = 71
    case ioError = 74
    /// EX_TEMPFAIL: a device sign-in's code expired before anyone approved it, the server forgot the sign-in's code
    /// or pushed request, or the browser did not come back to a browser sign-in in time; running `login` again helps.
    case signInExpired = 75
    case signInRequired = 77
    /// EX_CONFIG: the credentials are (or are to be) sealed with a key in the OS keyring, and no keyring can be used
    /// (no D-Bus session, locked, not answering, refused).
    case keyringUnavailable = 78
    /// Outside sysexits(3), which has no "refused by a person": a device or browser sign-in was denied on the
    /// server's page.
    case signInDenied = 79

    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "anything else"
        case .usage: "usage error (bad option, argument or environment value)"
        case .malformedData:
            "the server sent data that does not match the API, is not valid HTTP, is too large, or never ends"
        case .unknownAccount: "no stored session for the account named with --account (see `stories-cli status`)"
        case .unreachable:
            "the server cannot be reached or is unavailable (408, 429, 5xx), or held a password sign-in back after too many failed attempts (retry later)"
        case .osError: "the system allows too few open files for any command (`ulimit -n`)"
        case .ioError: "the credentials store cannot be used, or standard output is full"
        case .signInRequired:
            "not signed in, wrong password, session expired, or sealed by a keyring that is not available (run `stories-cli login`), or HTTP 403"
        case .keyringUnavailable:
            "no usable OS keyring (no D-Bus session, locked, no answer): for a new file, start or unlock one, or choose plain storage with `login --insecure-storage`; for a sealed file (status lists it first), reach the keyring, use another --credentials-db, `storage unseal` once it is back, or `logout --all` then `login --insecure-storage`"
        case .signInExpired:
            "login: the device code expired before the sign-in was approved, the server forgot the sign-in's code or request, or the browser did not come back within 5 minutes"
        case .signInDenied: "login: the sign-in was denied on the server's page (device or browser)"
        }
    }

    /// The codes of a process ended by a signal (128 + the signal's number), as they are listed.
    static let interruptedCodes = "130, 143, 129, 131"

    static let interruptedMeaning =
        "interrupted (Ctrl-C, SIGTERM, SIGHUP, Ctrl-\\); a session renewal in progress is stored first"
}

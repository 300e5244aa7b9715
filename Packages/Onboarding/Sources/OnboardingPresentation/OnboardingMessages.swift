import OnboardingDomain

/// What to tell a person about an onboarding failure, in words they can act on.
///
/// The one place that words what onboarding itself decides (a taken username, a denied or expired sign-in): every
/// front uses `outcome(of:server:)` for those, and adds only what it alone knows (a terminal's next command). What lies
/// below the feature (the network, the session, the credentials store) is carried as a cause; a front that can show
/// its detail words it itself, and `message(for:server:)` has a general line for a screen that does not.
public enum OnboardingMessages {
    /// What happened, for a failure onboarding itself decides, naming the server as `server`; `nil` for a failure
    /// whose cause lies below the feature. No closing full stop: a front goes on with its own next step.
    public static func outcome(of error: OnboardingError, server: String) -> String? {
        switch error {
        case .invalidInput(let detail): detail
        case .usernameTaken: "That username is already taken on \(server)"
        case .unknownAccount(let account): "\(account) is not signed in to \(server)"
        case .deviceSignInDenied: "The sign-in to \(server) was denied on the verification page; nothing was stored"
        case .deviceSignInExpired: "The code expired before the sign-in to \(server) was approved"
        case .deviceSignInForgotten:
            "\(server) no longer knows this sign-in's code (it forgets the oldest when one address starts too many)"
        case .browserSignInForgotten:
            "\(server) no longer knows this sign-in request (it forgets one that waits too long, and the oldest when "
                + "one address starts too many)"
        case .browserSignInDenied: "The sign-in to \(server) was denied in the browser; nothing was stored"
        case .browserSignInUnsupported: "\(server) does not offer sign-in in a browser"
        case .deviceSignInUnsupported: "\(server) does not offer sign-in with a code"
        case .passwordSignInUnsupported: "\(server) does not accept a password here"
        case .browserSignInRefused(let code, let description):
            "\(server) refused the sign-in (\(code)\(description.map { ": \($0)" } ?? "")); nothing was stored"
        case .cancelled: "The sign-in to \(server) was cancelled; nothing was stored"
        case .signInThrottled:
            "\(server) held the sign-in back after too many failed attempts, without checking the password"
        case .wrongCredentials, .notSignedIn, .sessionExpired, .browserSignInTimedOut, .browserSignInRedirectInvalid,
            .forbidden, .unavailable, .unreachable, .malformedResponse, .credentialsUnavailable, .unexpected:
            nil
        }
    }

    /// The whole message a screen shows: the outcome with a screen's next step, or a general line for a failure
    /// below the feature.
    public static func message(for error: OnboardingError, server: String = "the server") -> String {
        if let outcome = outcome(of: error, server: server) {
            return switch error {
            case .usernameTaken: outcome + ". Choose another one."
            case .unknownAccount: outcome + ". Sign in to add it."
            case .deviceSignInExpired, .deviceSignInForgotten, .browserSignInForgotten, .browserSignInRefused:
                outcome + ". Start again."
            case .browserSignInUnsupported: outcome + ". Sign in with a code instead."
            case .deviceSignInUnsupported: outcome + ". Sign in in a browser instead."
            case .passwordSignInUnsupported: outcome + ". Sign in in a browser or with a code instead."
            case .signInThrottled: outcome + ". Try again later."
            default: outcome.last.map { ".!?".contains($0) } == true ? outcome : outcome + "."
            }
        }
        return switch error {
        case .wrongCredentials: "Wrong username or password. Check them and try again."
        case .notSignedIn: "You are not signed in."
        case .sessionExpired: "Your session has expired. Sign in again."
        case .browserSignInTimedOut: "The browser did not come back in time. Start again."
        case .browserSignInRedirectInvalid: "The browser came back with an answer to another request. Start again."
        case .forbidden: "Your account is not allowed to do this."
        case .unavailable: "The server is busy or down. Try again later."
        case .unreachable: "The server cannot be reached. Check your connection and try again."
        case .malformedResponse: "The server sent a response this app does not understand. Try again later."
        case .credentialsUnavailable: "The saved sign-in cannot be read or written."
        default: "Something went wrong. Try again."
        }
    }
}

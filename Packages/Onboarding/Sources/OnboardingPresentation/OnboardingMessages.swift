import OnboardingDomain

/// What to tell a person about an onboarding failure, in words they can act on.
public enum OnboardingMessages {
    public static func message(for error: OnboardingError) -> String {
        switch error {
        case .invalidInput(let detail): detail
        case .usernameTaken: "That username is taken. Choose another one."
        case .wrongCredentials: "Wrong username or password. Check them and try again."
        case .notSignedIn: "You are not signed in."
        case .unknownAccount(let account): "\(account) is not signed in on this server."
        case .sessionExpired: "Your session has expired. Sign in again."
        case .deviceSignInDenied: "The sign-in was denied on the verification page."
        case .deviceSignInExpired: "The code expired before the sign-in was approved. Start again."
        case .browserSignInDenied: "The sign-in was denied in the browser."
        case .browserSignInUnsupported: "This server does not offer sign-in in a browser. Sign in with a code instead."
        case .browserSignInTimedOut: "The browser did not come back in time. Start again."
        case .browserSignInRefused: "The server refused the sign-in. Start again."
        case .browserSignInRedirectInvalid: "The browser came back with an answer to another request. Start again."
        case .cancelled: "The sign-in was cancelled."
        case .forbidden: "Your account is not allowed to do this."
        case .unavailable: "The server is busy or down. Try again later."
        case .unreachable: "The server cannot be reached. Check your connection and try again."
        case .malformedResponse: "The server sent a response this app does not understand. Try again later."
        case .credentialsUnavailable: "The saved sign-in cannot be read or written."
        case .unexpected: "Something went wrong. Try again."
        }
    }
}

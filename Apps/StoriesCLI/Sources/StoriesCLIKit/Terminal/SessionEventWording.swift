import Authorization

/// The `--verbose` line for a session event: a sentence, not a Swift value.
enum SessionEventWording {
    static func line(for event: AuthEvent) -> String {
        let text =
            switch event {
            case .refreshed(let account, _): "renewed \(TerminalText.sanitize(account))'s access token"
            case .adoptedRefreshFromAnotherProcess: "using the access token another stories-cli process renewed"
            case .refreshRetriedAfterLostAnswer:
                "the answer to the renewal was lost; asking once more with the same refresh token"
            case .refreshFailed(let reason):
                switch reason {
                case .sessionRejected: "the server ended the session; sign in again"
                case .transient: "the renewal failed for now; the session is unchanged"
                case .misconfigured:
                    "the authorization server refused the renewal as misconfigured; the session is unchanged"
                case .storeUnavailable: "the credentials file cannot be written, so the session was not renewed"
                case .tooManyRefreshes: "renewing stopped: the server keeps rejecting tokens it has just issued"
                case .sessionEnded: "signed in or out elsewhere during the renewal; its tokens were revoked"
                }
            case .signedOut(.sessionRejected): "ended by the server"
            case .signedOut(.userRequested): "signed out"
            }
        return "session: \(text)."
    }
}

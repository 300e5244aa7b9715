import Authorization

/// What the loopback listener answers the browser: a short page that says whether to go back to the app, and nothing
/// secret (no code, no state, no server text). `applicationName` is the only text that varies.
struct RedirectPages: Sendable {
    let applicationName: String

    /// For any other path or method: the redirect is still awaited.
    var notFound: RedirectPage {
        RedirectPage(
            status: .notFound, title: "Not found", message: "\(applicationName) is waiting for a sign-in here.")
    }

    /// For a callback that does not carry the state of the sign-in in progress (another request's, or a forged one):
    /// the redirect is still awaited.
    var notThisSignIn: RedirectPage {
        RedirectPage(
            status: .badRequest, title: "Not this sign-in",
            message: "This is not the answer to the sign-in \(applicationName) is waiting for.")
    }

    /// For a request that names another host than the listener's address (a DNS rebinding page): not read.
    var misdirected: RedirectPage {
        RedirectPage(
            status: .misdirectedRequest, title: "Misdirected request",
            message: "\(applicationName) answers only requests to its own address.")
    }

    /// For a request head over the listener's limit, which is not read.
    var tooLarge: RedirectPage {
        RedirectPage(
            status: .requestHeaderFieldsTooLarge, title: "Request too large",
            message: "\(applicationName) did not read this request.")
    }

    /// For the redirect itself, by what it carried.
    func page(for result: Result<Secret, AuthorizationRedirectError>) -> RedirectPage {
        switch result {
        case .success:
            RedirectPage(
                status: .ok, title: "Sign-in received",
                message:
                    "\(applicationName) is finishing the sign-in. You can close this window and return to the terminal."
            )
        case .failure(.denied):
            RedirectPage(
                status: .ok, title: "Sign-in denied",
                message: "\(applicationName) was not signed in. You can close this window.")
        case .failure:
            RedirectPage(
                status: .badRequest, title: "Sign-in failed",
                message: "\(applicationName) was not signed in; the terminal says why. You can close this window.")
        }
    }
}

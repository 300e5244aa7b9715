import Foundation

/// Opens a page in the person's web browser, for browser sign-in. A seam: tests pass one that plays the browser.
protocol BrowserOpening: Sendable {
    /// Whether a browser can be opened here at all; when not, `login` signs in with a device code instead.
    var canOpenBrowser: Bool { get }

    /// Starts the browser on `url` and returns without waiting for it. Throws when it could not be started.
    func open(_ url: URL) async throws

    /// The sign-in the page was opened for has ended: whatever was left for the browser can go.
    func signInEnded()
}

extension BrowserOpening {
    func signInEnded() {}
}

import Foundation
import Subprocess
import Synchronization

/// Opens pages the way other command-line tools do on this system: the command in `$BROWSER` if set (the first of a
/// colon-separated list; words split on spaces, `%s` replaced by the URL, else the URL appended as the last
/// argument), else `xdg-open` on Linux when a graphical session is running (`$DISPLAY` or `$WAYLAND_DISPLAY`), else
/// `open` on macOS. The program is started directly, never through a shell, and as a shell would start it: swift-
/// subprocess resets every signal to its default action and closes every descriptor but 0-2 (this process ignores
/// SIGPIPE, and a browser must not inherit that). The browser's standard output goes to standard error, so standard
/// output keeps only the command's result.
///
/// The program is given a private `ForwardingPage`, never the sign-in address itself: every local user can read a
/// process's arguments. The page goes when the sign-in ends, or when SIGINT, SIGTERM or SIGHUP ends the process while
/// it waits (`ForwardingPageRemoval`).
final class SystemBrowserOpener: BrowserOpening {
    /// Why the browser could not be started.
    struct LaunchFailure: Error, Equatable {
        var program: String
    }

    let environment: [String: String]
    /// The pages written for this process's sign-ins, removed when a sign-in ends.
    private let pages = Mutex<[ForwardingPage]>([])

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// Whether `open(_:)` has a program to start; the address does not change the answer.
    var canOpenBrowser: Bool { command(forAddress: "") != nil }

    func open(_ url: URL) async throws {
        let command = try launchCommand(for: url)
        var options = PlatformOptions()
        // A process group of its own (0: the browser's own process identifier), as a shell starts a job.
        options.processGroupID = 0
        let configuration = Configuration(
            executable: .path(.init(command.program)), arguments: Arguments(command.arguments),
            platformOptions: options)
        let (started, reportStart) = AsyncStream.makeStream(of: Void.self)
        // The task outlives `open`: `run` reaps the browser as soon as it ends (xdg-open ends once it handed the page
        // on), rather than leaving a zombie for the minutes the sign-in may wait.
        Task {
            defer { reportStart.finish() }
            _ = try? await Subprocess.run(
                configuration, input: .none, output: .currentStandardError, error: .currentStandardError
            ) { _ in reportStart.yield() }
        }
        for await _ in started { return }
        throw LaunchFailure(program: command.program)
    }

    /// Writes the forwarding page for `url` and returns the command that opens it: the program and its arguments,
    /// none of which carries `url`.
    func launchCommand(for url: URL) throws -> (program: String, arguments: [String]) {
        guard canOpenBrowser else { throw LaunchFailure(program: "") }
        let page = try ForwardingPage.create(forwardingTo: url, environment: environment)
        pages.withLock { $0.append(page) }
        ForwardingPageRemoval.arm(page)
        guard let command = command(for: page.fileURL) else { throw LaunchFailure(program: "") }
        return command
    }

    func signInEnded() {
        ForwardingPageRemoval.disarm()
        for page in pages.withLock({ pages in
            defer { pages.removeAll() }; return pages
        }) { page.remove() }
    }

    /// The program (an absolute path) and arguments that would open `url`, or `nil` when nothing can.
    func command(for url: URL) -> (program: String, arguments: [String])? {
        command(forAddress: url.absoluteString)
    }

    private func command(forAddress address: String) -> (program: String, arguments: [String])? {
        if let browser = environment["BROWSER"], !browser.isEmpty {
            guard let entry = browser.split(separator: ":").first(where: { !$0.allSatisfy(\.isWhitespace) }) else {
                return nil
            }
            var words = entry.split(separator: " ").map(String.init)
            guard !words.isEmpty, let program = executable(named: words.removeFirst()) else { return nil }
            if words.contains(where: { $0.contains("%s") }) {
                words = words.map { $0.replacingOccurrences(of: "%s", with: address) }
            } else {
                words.append(address)
            }
            return (program, words)
        }
        #if os(macOS)
            return executable(named: "open").map { ($0, [address]) }
        #else
            let graphical = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
            guard graphical else { return nil }
            return executable(named: "xdg-open").map { ($0, [address]) }
        #endif
    }

    /// `name` itself when it contains a slash, else the first executable of that name on `$PATH`.
    func executable(named name: String) -> String? {
        let manager = FileManager.default
        if name.contains("/") { return manager.isExecutableFile(atPath: name) ? name : nil }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if manager.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

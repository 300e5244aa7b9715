import CommandReference

/// What `stories-cli help environment`, `help files` and `help exit-codes` print, and the man page's ENVIRONMENT, FILES
/// and EXIT STATUS repeat: every environment variable the CLI reads, the files it keeps, and its exit codes. A
/// variable the code starts reading is added here (a test lists them).
enum CLIReference {
    static let environment = HelpSection(
        title: "ENVIRONMENT",
        body: .definitions([
            .init("STORIES_SERVER", "A named server for commands given no --server or --server-url."),
            .init("STORIES_SERVER_URL", "A server base URL instead (setting both is a usage error)."),
            .init("STORIES_CREDENTIALS_DB", "The credentials file, for commands given no --credentials-db."),
            .init(
                "STORIES_CREDENTIALS_STORAGE",
                "plain: a new credentials file keeps its tokens in the file itself, as login --insecure-storage does; keyring (the default): sealed with a key in the OS keyring."
            ),
            .init("STORIES_DEBUG", "1, true or yes: every command logs as with --verbose."),
            .init(
                "DBUS_SESSION_BUS_ADDRESS",
                "The D-Bus session bus on which the Secret Service (the OS keyring) holds a sealed file's key."),
            .init(
                "BROWSER",
                "The program that opens login's sign-in page (a private page that forwards to it): %s in it is replaced by the page's address, else the address is added."
            ),
            .init(
                "DISPLAY, WAYLAND_DISPLAY", "Without BROWSER, login opens the page with xdg-open when either is set."),
            .init("PATH", "Where the BROWSER program and xdg-open are found."),
            .init("HTTPS_PROXY, https_proxy", "The proxy for https servers: http://host:port (CONNECT) or socks5://."),
            .init("ALL_PROXY, all_proxy", "The proxy when HTTPS_PROXY is not set. HTTP_PROXY is never used."),
            .init(
                "NO_PROXY, no_proxy",
                "Hosts, domains (.example.com) or IP addresses reached directly, separated by commas; * for all."),
            .init("XDG_DATA_HOME", "Where the credentials file is kept, when an absolute path (see FILES)."),
            .init("XDG_CONFIG_HOME", "Where the settings file is kept, when an absolute path (see FILES)."),
            .init(
                "XDG_RUNTIME_DIR, TMPDIR",
                "Where login writes the page that forwards the browser to the sign-in page (see FILES)."),
            .init("HOME", "Where the default paths start, without the XDG variables."),
            .init("NO_COLOR", "Set and not empty: no colour."),
            .init("TERM", "dumb: no colour and no progress line."),
            .init("COLUMNS", "The terminal's width, for listings and help."),
        ])
    )

    static let files = HelpSection(
        title: "FILES",
        body: .definitions([
            .init(
                "$XDG_DATA_HOME/stories-cli/credentials.sqlite",
                "The signed-in accounts' sessions, tokens included (mode 0600, in a 0700 directory), else in ~/.local/share/stories-cli/credentials.sqlite. --credentials-db or STORIES_CREDENTIALS_DB names another file. Only a sign-in creates it. Its tokens are sealed with a key of its own that the OS keyring holds, unless plain storage was chosen (`stories-cli storage`)."
            ),
            .init(
                "$XDG_DATA_HOME/stories-cli/credentials.sqlite.lock",
                "Beside the credentials file, wherever it is: held while a process renews a session, so that no two processes spend the same refresh token."
            ),
            .init(
                "$XDG_CONFIG_HOME/stories-cli/config.json",
                "The server `stories-cli use` set, else in ~/.config/stories-cli/config.json."),
            .init(
                "$XDG_RUNTIME_DIR/stories-cli-sign-in-XXXXXX/sign-in.html",
                "While login waits for the browser: the page that forwards it to the sign-in page, so that no process's arguments carry the address (mode 0600, in a new 0700 directory; under TMPDIR or /tmp when XDG_RUNTIME_DIR is not a private directory). Removed when the sign-in ends."
            ),
        ])
    )

    /// Every exit code with its meaning, then the signals.
    static var exitCodes: HelpSection {
        let codes = CLIExitCode.allCases.map { HelpSection.Definition(String($0.rawValue), $0.meaning) }
        return HelpSection(
            title: "EXIT CODES",
            body: .definitions(codes + [.init(CLIExitCode.interruptedCodes, CLIExitCode.interruptedMeaning)]))
    }
}

import Foundation
import Testing

@testable import StoriesCLIKit

/// How `login` finds a browser: `$BROWSER` as other tools read it, else `xdg-open` in a graphical session.
@Suite("System browser opener")
struct SystemBrowserOpenerTests {
    static let url = URL(string: "http://127.0.0.1:8080/oauth/authorize?state=s&code_challenge=c")!

    /// A directory with an executable `xdg-open` in it, for `$PATH`.
    static let binDirectory: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let program = directory.appendingPathComponent("xdg-open").path
        _ = FileManager.default.createFile(
            atPath: program, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        return directory.path
    }()

    @Test(
        "$BROWSER names the program; the page is its last argument, or replaces %s",
        arguments: [
            (["BROWSER": "/bin/sh"], "/bin/sh", [url.absoluteString]),
            (["BROWSER": "sh", "PATH": "/usr/bin:/bin"], "/bin/sh", [url.absoluteString]),
            (["BROWSER": "/bin/sh -c %s"], "/bin/sh", ["-c", url.absoluteString]),
            (["BROWSER": "/bin/sh --new-window"], "/bin/sh", ["--new-window", url.absoluteString]),
            (["BROWSER": "/bin/sh:/usr/bin/firefox"], "/bin/sh", [url.absoluteString]),
        ] as [([String: String], String, [String])])
    func browserVariable(environment: [String: String], program: String, arguments: [String]) throws {
        let opener = SystemBrowserOpener(environment: environment)
        let command = try #require(opener.command(for: Self.url))
        #expect(command.program.hasSuffix(program.split(separator: "/").last.map(String.init) ?? program))
        #expect(command.arguments == arguments)
        #expect(opener.canOpenBrowser)
    }

    #if os(Linux)
        @Test(
            "Without $BROWSER, xdg-open is used only in a graphical session; a $BROWSER that does not exist opens nothing",
            arguments: [
                ([:], false), (["DISPLAY": ":0"], true), (["WAYLAND_DISPLAY": "wayland-0"], true),
                (["DISPLAY": ""], false), (["BROWSER": "no-such-browser-here", "DISPLAY": ":0"], false),
            ] as [([String: String], Bool)])
        func xdgOpen(environment: [String: String], opens: Bool) {
            var environment = environment
            environment["PATH"] = Self.binDirectory
            let opener = SystemBrowserOpener(environment: environment)
            #expect(opener.canOpenBrowser == opens)
            if opens {
                #expect(opener.command(for: Self.url)?.program == Self.binDirectory + "/xdg-open")
                #expect(opener.command(for: Self.url)?.arguments == [Self.url.absoluteString])
            }
        }
    #endif

    @Test("The browser is given a private page that forwards to the sign-in address, never the address itself")
    func forwardsThroughPrivatePage() throws {
        let runtime = FileManager.default.temporaryDirectory.appending(path: "runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let opener = SystemBrowserOpener(environment: ["BROWSER": "/bin/sh", "XDG_RUNTIME_DIR": runtime.path])
        let command = try opener.launchCommand(for: Self.url)
        // No argument carries the state or the challenge, which any local user could read in /proc/PID/cmdline.
        #expect(command.arguments.allSatisfy { !$0.contains("state=") && !$0.contains("code_challenge") })
        let page = try #require(command.arguments.last.flatMap(URL.init(string:)))
        #expect(page.isFileURL)
        #expect(page.path.hasPrefix(runtime.path + "/stories-cli-sign-in-"))
        let attributes = try FileManager.default.attributesOfItem(atPath: page.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directory = page.deletingLastPathComponent().path
        #expect((try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int) == 0o700)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"content="0;url=http://127.0.0.1:8080/oauth/authorize?state=s&amp;code_challenge=c""#))
        opener.signInEnded()
        #expect(!FileManager.default.fileExists(atPath: page.path))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    #if os(Linux)
        @Test(
            "The browser starts as from a shell: in a process group of its own, no signal blocked, none ignored, not even SIGPIPE, which stories-cli ignores",
            .timeLimit(.minutes(1)))
        func browserSignalState() async throws {
            let directory = FileManager.default.temporaryDirectory.appending(path: "browser-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            let fifo = directory.appending(path: "signals").path
            try #require(mkfifo(fifo, 0o600) == 0)
            let browser = directory.appending(path: "browser").path
            // The browser becomes grep, which reports the state it was started with (exec keeps the process group,
            // the mask and the ignored signals). Not the shell's status read by a child: dash blocks signals while it
            // waits for one.
            let script =
                "#!/bin/sh\nexec grep -E '^(Pid|NSpgid|Sig(Blk|Ign)):' /proc/self/status > \"$(dirname \"$0\")/signals\"\n"
            _ = FileManager.default.createFile(
                atPath: browser, contents: Data(script.utf8), attributes: [.posixPermissions: 0o700])
            // As stories-cli does at start (StartupSignals); harmless here, where every write handles EPIPE.
            signal(SIGPIPE, SIG_IGN)
            // Read on a thread of its own: opening the FIFO waits for the browser to open it, and reading ends when
            // the browser closes it. If the browser never does, the time limit cancels the test, which ends the
            // stream, and the defer opens the FIFO once to free the thread.
            let (reports, report) = AsyncStream.makeStream(of: String.self)
            Thread {
                let reader = FileHandle(forReadingAtPath: fifo)
                report.yield(reader.map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? "")
                report.finish()
            }.start()
            defer {
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
            }
            let opener = SystemBrowserOpener(environment: ["BROWSER": browser, "XDG_RUNTIME_DIR": directory.path])
            defer { opener.signInEnded() }
            try await opener.open(Self.url)
            var iterator = reports.makeAsyncIterator()
            let lines = try #require(await iterator.next())
            let fields = Dictionary(
                uniqueKeysWithValues: lines.split(separator: "\n").map { line in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return (String(parts[0]), parts.last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
                })
            // Bit n - 1 stands for signal n. Only signals 1 to 31 are checked: glibc keeps 32 and 33 to itself.
            let standardSignals: UInt64 = 0x7fff_ffff
            let blocked = try #require(fields["SigBlk"].flatMap { UInt64($0, radix: 16) }, "\(fields)")
            let ignored = try #require(fields["SigIgn"].flatMap { UInt64($0, radix: 16) }, "\(fields)")
            #expect(blocked & standardSignals == 0, "blocked: \(fields)")
            #expect(ignored & standardSignals == 0, "ignored: \(fields)")
            #expect(fields["NSpgid"] != nil && fields["NSpgid"] == fields["Pid"], "\(fields)")
        }
    #endif

    @Test("A runtime directory others can use is not used for the page")
    func sharedRuntimeDirectoryAvoided() throws {
        let shared = FileManager.default.temporaryDirectory.appending(path: "shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared.path)
        #expect(ForwardingPage.parentDirectory(environment: ["XDG_RUNTIME_DIR": shared.path]) != shared.path)
    }
}

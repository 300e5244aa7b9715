import Foundation
import TestSupport
import Testing

/// The password prompt in a real pseudo-terminal: Ctrl-C and termination signals end it with the signal's exit
/// status, and the terminal gets its echo back whatever happens.
@Suite("Password prompt in a terminal", .serialized, .timeLimit(.minutes(1)))
struct PasswordPromptTests {
    /// Runs `stories-cli login` in a pty (Python's `pty`, part of the standard library CI installs), waits for the
    /// prompt, then interrupts it; prints what it saw as JSON. Bounded: a child still running after 10 s is killed.
    static let driver = """
        import json, os, pty, select, signal, sys, termios, time
        cli, how, database = sys.argv[1], sys.argv[2], sys.argv[3]
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["STORIES_CREDENTIALS_DB"] = database
            os.environ["STORIES_CREDENTIALS_STORAGE"] = "plain"
            os.execv(cli, [cli, "login", "--server-url", "http://127.0.0.1:9/v1", "--username", "demo"])
        seen = b""
        deadline = time.time() + 10
        while b"Password:" not in seen and time.time() < deadline:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    seen += os.read(fd, 1024)
                except OSError:
                    break
        during = termios.tcgetattr(fd)[3]
        if how == "interrupt":
            os.write(fd, b"typed-so-far\\x03")
        else:
            os.kill(pid, {"terminate": signal.SIGTERM, "hangup": signal.SIGHUP}[how])
        status = None
        deadline = time.time() + 10
        while status is None and time.time() < deadline:
            finished, code = os.waitpid(pid, os.WNOHANG)
            if finished:
                # Killed by signal N reads as 128 + N, as a shell reports it.
                status = os.waitstatus_to_exitcode(code)
                status = status if status >= 0 else 128 - status
            else:
                time.sleep(0.05)
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        after = termios.tcgetattr(fd)[3]
        print(json.dumps({"prompted": b"Password:" in seen, "echoDuring": bool(during & termios.ECHO),
                          "echoAfter": bool(after & termios.ECHO), "exit": status}))
        """

    @Test(
        "Ctrl-C, SIGTERM and SIGHUP at the prompt end it with status 130, 143 and 129 and leave echo on",
        arguments: [("interrupt", 130), ("terminate", 143), ("hangup", 129)])
    func signalAtPrompt(how: String, expectedExit: Int) async throws {
        let cli = try BuildProducts.executable(named: "stories-cli")
        let database = FileManager.default.temporaryDirectory
            .appendingPathComponent("prompt-\(UUID().uuidString)/credentials.sqlite").path
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.driver, cli.path, how, database])
        try #require(result.status == 0, "the pty driver failed: \(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["prompted"] as? Bool == true)
        #expect(report["echoDuring"] as? Bool == false)
        #expect(report["echoAfter"] as? Bool == true)
        #expect(report["exit"] as? Int == expectedExit)
    }
}

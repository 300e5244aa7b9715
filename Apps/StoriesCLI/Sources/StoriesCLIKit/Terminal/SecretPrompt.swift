import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a password from the terminal without echo, in a way that Ctrl-C cancels and that never leaves the terminal
/// silent.
///
/// `getpass(3)` blocks the interrupt key while it reads, so Ctrl-C was swallowed and the next Enter sent what was
/// typed; and a process killed at the prompt left the terminal without echo. Here echo alone is switched off (the
/// interrupt key keeps working), and while the prompt is open SIGINT, SIGTERM, SIGHUP and SIGQUIT run a handler that
/// restores the terminal's settings, ends the line, and re-raises the signal, so the process ends as the signal's
/// default action ends it (the shell reports 130, 143, 129 or 131).
enum SecretPrompt {
    static let cancellingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func read(prompt: String) -> String? {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        var original = termios()
        guard tcgetattr(terminal, &original) == 0 else { return nil }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK)
        silent.c_lflag |= tcflag_t(ECHONL | ISIG | ICANON)

        // Installed synchronously, before echo goes off and before the prompt appears: a signal can arrive at any
        // moment after the person sees the prompt.
        promptTerminal = PromptTerminal(descriptor: terminal, settings: original)
        var previous = cancellingSignals.map { SignalAction.install(restoreTerminalAndReraise, for: $0) }
        defer {
            for (index, number) in cancellingSignals.enumerated() { sigaction(number, &previous[index], nil) }
            promptTerminal = nil
        }

        guard tcsetattr(terminal, TCSAFLUSH, &silent) == 0 else { return nil }
        defer {
            var restore = original
            _ = tcsetattr(terminal, TCSANOW, &restore)
        }
        _ = prompt.withCString { write(terminal, $0, strlen($0)) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = systemRead(terminal, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
            if line.count > 4096 { break }
        }
        return String(decoding: line, as: UTF8.self)
    }
}

/// The terminal a signal handler must restore. A signal handler cannot capture context, so this one value is
/// process-wide: it is set only while a prompt is open, before the handlers are installed, and cleared after they
/// are removed; the handler only reads it. The CLI opens one prompt at a time, on one thread.
private struct PromptTerminal {
    let descriptor: Int32
    let settings: termios
}

nonisolated(unsafe) private var promptTerminal: PromptTerminal?

/// Restores the terminal, ends the line, and lets the signal end the process as it would have. Uses only
/// async-signal-safe calls (`tcsetattr`, `write`, `signal`, `raise`).
private func restoreTerminalAndReraise(_ number: Int32) {
    if let terminal = promptTerminal {
        var settings = terminal.settings
        _ = tcsetattr(terminal.descriptor, TCSANOW, &settings)
        _ = write(terminal.descriptor, "\n", 1)
    }
    signal(number, SIG_DFL)
    raise(number)
}

/// `read(2)`, named so that it cannot be confused with `SecretPrompt.read(prompt:)`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

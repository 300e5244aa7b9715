import Dispatch
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
/// interrupt key keeps working), and SIGINT, SIGTERM and SIGHUP are caught on a dispatch queue for the duration of
/// the prompt: the handler restores the terminal's settings, ends the line, and exits 130, 143 or 129 as the
/// signal's default action would report.
enum SecretPrompt {
    static let cancellingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static func read(prompt: String) -> String? {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        var original = termios()
        guard tcgetattr(terminal, &original) == 0 else { return nil }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK)
        silent.c_lflag |= tcflag_t(ECHONL | ISIG | ICANON)

        let saved = original
        let handlers = cancellingSignals.map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                var restore = saved
                _ = tcsetattr(terminal, TCSANOW, &restore)
                _ = write(terminal, "\n", 1)
                exit(128 + number)
            }
            source.resume()
            return source
        }
        defer {
            for handler in handlers { handler.cancel() }
            for number in cancellingSignals { signal(number, SIG_DFL) }
        }

        // Echo goes off before the prompt appears, so nothing typed after it is ever shown.
        guard tcsetattr(terminal, TCSAFLUSH, &silent) == 0 else { return nil }
        defer {
            var restore = saved
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

/// `read(2)`, named so that it cannot be confused with `SecretPrompt.read(prompt:)`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Makes text printed through C's buffered standard output (swift-argument-parser's `--help` and `--version`) fail
/// the process when it cannot be written, as coreutils' `close_stdout` does: `stories-cli --help >/dev/full` exited 0
/// with the help lost. A reader that went away (`--help | head -1`, EPIPE) is not an error, as for the commands'
/// output, which goes through `StandardOutput` and reports its own errors.
public enum StandardOutputFlush {
    /// Flushes standard output when the process exits and, if that fails, says so and exits 74.
    public static func checkAtExit() {
        atexit {
            guard fflush(stdout) != 0 || ferror(stdout) != 0, errno != EPIPE else { return }
            let message: StaticString = "error: standard output could not be written.\n"
            _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(CLIExitCode.ioError.rawValue)
        }
    }
}

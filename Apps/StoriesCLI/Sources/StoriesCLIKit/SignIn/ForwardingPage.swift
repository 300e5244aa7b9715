import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A page only this user can read that sends the browser on to the sign-in page, so that the sign-in address, with
/// its `state` and PKCE `code_challenge`, is never a process argument: any local user can read another's arguments
/// (`/proc/PID/cmdline`), and with the state and challenge could finish the sign-in with an account of their own
/// (login CSRF). The browser is given `file:///…/sign-in.html` instead.
///
/// The page is 0600 in a new 0700 directory (mkdtemp) under `$XDG_RUNTIME_DIR` when it is a private directory of
/// this user, else the temporary directory; it is removed when the sign-in ends.
struct ForwardingPage: Sendable {
    /// Why the page could not be written (the `errno` of the failing call).
    struct WriteFailure: Error, Equatable {
        var errorNumber: Int32
    }

    /// The page, as the browser is given it.
    let fileURL: URL
    let directory: String

    /// Writes a page that forwards to `target`.
    static func create(forwardingTo target: URL, environment: [String: String]) throws(WriteFailure) -> ForwardingPage {
        var template = Array((parentDirectory(environment: environment) + "/stories-cli-sign-in-XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw WriteFailure(errorNumber: errno)
        }
        let directory = String(cString: created)
        let path = directory + "/sign-in.html"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let failure = errno
            rmdir(directory)
            throw WriteFailure(errorNumber: failure)
        }
        let bytes = Array(html(forwardingTo: target).utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let failure = errno
        close(descriptor)
        guard written == bytes.count else {
            unlink(path)
            rmdir(directory)
            throw WriteFailure(errorNumber: written < 0 ? failure : EIO)
        }
        return ForwardingPage(fileURL: URL(filePath: path), directory: directory)
    }

    /// Removes the page and its directory.
    func remove() {
        unlink(fileURL.path)
        rmdir(directory)
    }

    /// `$XDG_RUNTIME_DIR` when it is a directory of this user that only they can use, else the temporary directory.
    static func parentDirectory(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            var status = stat()
            if stat(runtime, &status) == 0, status.st_uid == getuid(), status.st_mode & 0o077 == 0,
                (status.st_mode & S_IFMT) == S_IFDIR
            {
                return runtime
            }
        }
        var temporary = FileManager.default.temporaryDirectory.path
        while temporary.count > 1, temporary.hasSuffix("/") { temporary.removeLast() }
        return temporary
    }

    /// A page that goes on to `target` at once, with a link for a browser that does not follow the refresh, and no
    /// referrer sent to the sign-in page.
    static func html(forwardingTo target: URL) -> String {
        let address = escaped(target.absoluteString)
        return """
            <!doctype html>
            <meta charset="utf-8">
            <meta name="referrer" content="no-referrer">
            <meta http-equiv="refresh" content="0;url=\(address)">
            <title>Sign in</title>
            <p><a href="\(address)">Continue to the sign-in page</a></p>

            """
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}

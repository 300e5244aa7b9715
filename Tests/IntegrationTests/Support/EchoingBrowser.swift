import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A `$BROWSER` for a `stories-cli login` child process that opens nothing: it writes
/// `browser argc=<count> url=<first argument>` to standard output (which `login` sends to its standard error), so a
/// test sees what the browser was given, in a private directory of its own.
struct EchoingBrowser {
    let directory: URL
    /// The script's path: the value of `BROWSER`.
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("browser").path
        try "#!/bin/sh\necho \"browser argc=$# url=$1\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o700)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

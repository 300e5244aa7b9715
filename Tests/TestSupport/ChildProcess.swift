import Foundation

/// Runs an executable to its end and collects its output, without blocking a cooperative thread.
public enum ChildProcess {
    public struct Result: Sendable {
        /// The exit status, or the number of the signal that ended the process.
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `executable` with `arguments`, feeding `input` to its standard input, and waits for it to exit. With
    /// `standardOutput`, the output goes there and the result's `standardOutput` is empty.
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        input: String = "",
        standardOutput: FileHandle? = nil,
        environment: [String: String] = [:]
    ) async throws -> Result {
        let process = try await StartedProcess.start(
            executable, arguments, input: input, standardOutput: standardOutput, environment: environment)
        let status =
            switch try await process.termination() {
            case .exited(let status), .signaled(let status): status
            }
        return Result(
            status: status, standardOutput: await process.standardOutput.finish(),
            standardError: await process.standardError.finish())
    }
}

/// Where `swift build` put the products: next to the test bundle.
public enum BuildProducts {
    public static func executable(named name: String) throws -> URL {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() { candidates.append(bundle) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug"))
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw MissingProduct(name: name, searched: candidates.map(\.path))
    }

    struct MissingProduct: Error, CustomStringConvertible {
        var name: String
        var searched: [String]
        var description: String { "\(name) not found in \(searched); run `swift build` first" }
    }
}

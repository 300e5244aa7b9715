import Authorization
import Benchmark
import CredentialsStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The durable write a refresh ends with: `SQLiteCredentialsStore.save(_:ifGenerationIs:)` (an IMMEDIATE
/// transaction, compare-and-swap on the generation, WAL with `synchronous=FULL`). Read its p50 and p99.
///
/// Anchor: the floor of any durable write on the same file system, one 4 KiB page written in place and
/// `fdatasync`ed (what SQLite calls to commit on Linux). A disk flush on a shared machine takes anywhere from a tenth
/// of a millisecond to several milliseconds depending on what else is being written: interleaving the two is what
/// makes their ratio mean something.
func registerCredentialsStoreBenchmarks() {
    let fixture = Shared<SaveFixture>()
    Benchmark(
        "Credentials save: SQLite store vs 4 KiB write + fdatasync (anchor)",
        configuration: RunLength.configuration(duration: .seconds(6), iterations: 2_000)
    ) { benchmark in
        let fixture = try fixture.get()
        try await Interleaved.measure(benchmark) {
            try fixture.writeAnchorPage()
        } subject: {
            try await fixture.saveNext()
        }
    } setup: {
        fixture.set(try await SaveFixture())
    } teardown: {
        try fixture.get().remove()
        fixture.set(nil)
    }
}

/// A store holding one session in a directory of its own, and the anchor's file beside it. Each `saveNext()` writes
/// the session's successor, as a refresh does.
private final class SaveFixture: Sendable {
    private let directory: URL
    private let store: SQLiteCredentialsStore
    private let current = Shared<Credential>()
    private let anchorDescriptor: Int32
    private let page = [UInt8](repeating: 0x5A, count: 4_096)

    init() async throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-benchmark-\(UUID().uuidString)")
        store = try SQLiteCredentialsStore(path: directory.appendingPathComponent("credentials.sqlite").path)
        current.set(try await store.replace(with: makeCredential(issuedAt: Date())))
        anchorDescriptor = open(
            directory.appendingPathComponent("anchor.bin").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard anchorDescriptor >= 0 else { throw BenchmarkFailure("open failed: errno \(errno)") }
        // The page exists before the first measured write, as the WAL's pages do before a commit rewrites them.
        try writeAnchorPage()
    }

    /// Rewrites the anchor's page in place and waits until it is on the disk.
    func writeAnchorPage() throws {
        let written = page.withUnsafeBytes { pwrite(anchorDescriptor, $0.baseAddress, $0.count, 0) }
        guard written == page.count, Self.flushData(anchorDescriptor) == 0 else {
            throw BenchmarkFailure("write failed: errno \(errno)")
        }
    }

    /// What SQLite calls to make a commit durable: `fdatasync` on Linux, `fsync` on Darwin (which has no
    /// `fdatasync`).
    private static func flushData(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            fsync(descriptor)
        #else
            fdatasync(descriptor)
        #endif
    }

    func saveNext() async throws {
        let credential = try current.get()
        var next = credential
        next.accessToken = Secret("access-\(credential.generation + 1)")
        next.refreshToken = Secret("refresh-\(credential.generation + 1)")
        guard case .saved(let saved) = try await store.save(next, ifGenerationIs: credential.generation) else {
            throw BenchmarkFailure("the compare-and-swap failed")
        }
        current.set(saved)
    }

    func remove() throws {
        close(anchorDescriptor)
        try FileManager.default.removeItem(at: directory)
    }
}

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
/// Anchor: the floor of any durable write on the same file system, writing one 4 KiB page and `fsync`ing it.
func registerCredentialsStoreBenchmarks() {
    let configuration = RunLength.configuration(duration: .seconds(4), iterations: 1_000)

    let anchor = SetUpState<ScratchDirectory>()
    Benchmark("Durable write, 4 KiB + fsync (anchor)", configuration: configuration) { _ in
        try anchor.get().writeDurably()
    } setup: {
        anchor.set(try ScratchDirectory())
    } teardown: {
        try anchor.get().remove()
        anchor.set(nil)
    }

    let store = SetUpState<SaveFixture>()
    Benchmark("Credentials save, SQLite store", configuration: configuration) { _ in
        try await store.get().saveNext()
    } setup: {
        store.set(try await SaveFixture())
    } teardown: {
        try store.get().directory.remove()
        store.set(nil)
    }
}

/// A temporary directory of its own, with a file the anchor writes.
private struct ScratchDirectory: Sendable {
    let url: URL
    private let page = [UInt8](repeating: 0x5A, count: 4_096)

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stories-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Overwrites the first page of `anchor.bin` and waits until it is on the disk.
    func writeDurably() throws {
        let descriptor = open(url.appendingPathComponent("anchor.bin").path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BenchmarkFailure("open failed: errno \(errno)") }
        defer { close(descriptor) }
        let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == page.count, fsync(descriptor) == 0 else { throw BenchmarkFailure("write failed: \(errno)") }
    }

    func remove() throws {
        try FileManager.default.removeItem(at: url)
    }
}

/// A store holding one session; each `saveNext()` writes its successor, as a refresh does.
private final class SaveFixture: Sendable {
    let directory: ScratchDirectory
    private let store: SQLiteCredentialsStore
    private let current: SetUpState<Credential>

    init() async throws {
        directory = try ScratchDirectory()
        store = try SQLiteCredentialsStore(path: directory.url.appendingPathComponent("credentials.sqlite").path)
        current = SetUpState()
        current.set(try await store.replace(with: makeCredential(issuedAt: Date())))
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
}

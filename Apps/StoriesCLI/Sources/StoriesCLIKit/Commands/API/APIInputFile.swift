import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads what `--input FILE` and `-F key=@FILE` name, bounded: a request body of `stories-cli api` is held in memory
/// so that it can be sent again after a DPoP nonce challenge or a refreshed token (`AuthorizationMiddleware`'s
/// replay limit), and a body larger than that would be sent once and fail on such a 401.
enum APIInputFile {
    /// The largest input accepted.
    static let limit = 1 << 20

    /// The bytes of the file at `path`, or why they cannot be used.
    static func read(_ path: String) throws(APIArgumentError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadableFile(path: path, errorNumber: errno) }
        defer { close(descriptor) }
        guard let bytes = read(descriptor: descriptor, upTo: limit) else {
            throw .unreadableFile(path: path, errorNumber: errno)
        }
        guard bytes.count <= limit else { throw .inputTooLarge(path: path, limit: limit) }
        return bytes
    }

    /// Up to `limit` + 1 bytes from `descriptor` (one more than allowed tells the caller it was too much), or `nil`
    /// when reading fails (a directory, an I/O error: `errno` says which).
    static func read(descriptor: Int32, upTo limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress, min(buffer.count, limit + 1 - bytes.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}

/// `read(2)`, named so that it cannot be confused with `APIInputFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

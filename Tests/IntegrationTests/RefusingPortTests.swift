import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The port the "nobody answers there" tests hold: refused, and never handed to another test's server.
@Suite("A refusing port")
struct RefusingPortTests {
    @Test("A connection to a held port is refused")
    func refuses() throws {
        let held = try RefusingPort()
        defer { held.release() }
        #expect(connect(to: held.port) == ECONNREFUSED)
    }

    @Test("A port a stopped server freed can be held, and is then refused")
    func takesAFreedPort() throws {
        let server = try FaultServer { _ in .respond(status: 204) }
        #expect(connect(to: server.port) == 0)
        server.stop()
        let held = try RefusingPort(taking: server.port)
        defer { held.release() }
        #expect(connect(to: held.port) == ECONNREFUSED)
    }

    @Test("While a port is held, servers that ask for any port are never given it")
    func neverHandedOut() throws {
        let held = try RefusingPort()
        defer { held.release() }
        var servers: [FaultServer] = []
        defer { servers.forEach { $0.stop() } }
        for _ in 0..<200 {
            let server = try FaultServer { _ in .respond(status: 204) }
            servers.append(server)
            #expect(server.port != held.port)
        }
    }

    @Test("A port another server listens on cannot be taken")
    func busyPortIsRefused() throws {
        let server = try FaultServer { _ in .respond(status: 204) }
        defer { server.stop() }
        #expect(throws: POSIXError.self) { try RefusingPort(taking: server.port) }
    }

    /// 0 when a connection to 127.0.0.1:`port` is accepted, otherwise the `errno` of the refusal.
    private func connect(to port: Int) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return connected == 0 ? 0 : errno
    }
}

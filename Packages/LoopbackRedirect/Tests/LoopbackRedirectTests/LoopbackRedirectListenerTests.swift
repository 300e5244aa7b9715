import Authorization
import Foundation
import Synchronization
import Testing

@testable import LoopbackRedirect

#if canImport(Glibc)
    import Glibc
#endif

/// The loopback listener over real sockets: one redirect, checked against the state, bounded in size and time.
@Suite("Loopback redirect listener")
struct LoopbackRedirectListenerTests {
    static let state = AuthorizationState("expected-state-0123456789")

    /// A listener whose overall timeout never passes on its own: it waits until the test cancels it.
    static func listener(
        readTimeout: Duration = .seconds(10),
        expiry: @escaping @Sendable (Duration) async throws -> Void = { _ in
            try await Task.sleep(for: .seconds(3600))
        }
    ) -> LoopbackRedirectListener {
        var limits = LoopbackRedirectListener.Limits.standard
        limits.connectionReadTimeout = readTimeout
        return LoopbackRedirectListener(applicationName: "stories-cli", limits: limits, expiry: expiry)
    }

    static func statusLine(_ response: String?) -> String? {
        response?.split(separator: "\r\n", maxSplits: 1).first.map(String.init)
    }

    @Test("Binds 127.0.0.1 on a port the kernel picks and names it in the redirect URI")
    func bindsEphemeralLoopbackPort() async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        #expect(receiver.redirectURI.wholeMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\/callback/) != nil)
        #expect(RawLoopbackClient.port(of: receiver.redirectURI) > 0)
        await receiver.close()
    }

    @Test("Takes the redirect with the request's state, answers a page without the code, and takes no second one")
    func takesOneRedirect() async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        let page = await RawLoopbackClient.get("/callback?code=c0de-value&state=\(Self.state.value)", port: port)
        #expect(Self.statusLine(page) == "HTTP/1.1 200 OK")
        #expect(page?.contains("Sign-in received") == true)
        #expect(page?.contains("c0de-value") == false)
        #expect(page?.contains(Self.state.value) == false)
        #expect(try await receiver.code() == Secret("c0de-value"))
        // Closed once it has its answer: a second request finds nobody listening.
        #expect(await RawLoopbackClient.get("/callback?code=other&state=\(Self.state.value)", port: port) == nil)
    }

    @Test(
        "A redirect that is not a usable answer ends the wait with its typed error and a failure page",
        arguments: [
            ("/callback?state=expected-state-0123456789", AuthorizationRedirectError.missingCode, "400 Bad Request"),
            (
                "/callback?error=access_denied&error_description=No&state=expected-state-0123456789",
                .denied(description: "No"), "200 OK"
            ),
            (
                "/callback?error=invalid_scope&state=expected-state-0123456789",
                .refused(code: "invalid_scope", description: nil), "400 Bad Request"
            ),
        ] as [(String, AuthorizationRedirectError, String)])
    func refusesUnusableRedirect(target: String, expected: AuthorizationRedirectError, status: String) async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        let page = await RawLoopbackClient.get(target, port: RawLoopbackClient.port(of: receiver.redirectURI))
        #expect(Self.statusLine(page) == "HTTP/1.1 \(status)")
        #expect(page?.contains("abc") == false)
        await #expect(throws: expected) { try await receiver.code() }
    }

    @Test(
        "A callback without this sign-in's state is answered 400 and leaves the redirect to come: a forged one ends nothing",
        arguments: [
            "/callback?code=abc&state=another-state", "/callback?code=abc", "/callback?error=access_denied",
            "/callback?code=a&state=x&state=y", "/callback?state=\(state.value)&state=\(state.value)&code=a",
        ])
    func forgedCallbackIgnored(target: String) async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        let page = await RawLoopbackClient.get(target, port: port)
        #expect(Self.statusLine(page) == "HTTP/1.1 400 Bad Request")
        #expect(page?.contains("not the answer to the sign-in") == true)
        _ = await RawLoopbackClient.get("/callback?code=right&state=\(Self.state.value)", port: port)
        #expect(try await receiver.code() == Secret("right"))
    }

    @Test(
        "A request naming another host (DNS rebinding) is refused and leaves the redirect to come",
        arguments: ["evil.example", "localhost", "127.0.0.1", "127.0.0.1:1"])
    func otherHostRefused(host: String) async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        let request = "GET /callback?code=stolen&state=\(Self.state.value) HTTP/1.1\r\nHost: \(host)\r\n\r\n"
        let answer = await RawLoopbackClient.exchange(Array(request.utf8), port: port)
        #expect(Self.statusLine(answer) == "HTTP/1.1 421 Misdirected Request")
        _ = await RawLoopbackClient.get("/callback?code=right&state=\(Self.state.value)", port: port)
        #expect(try await receiver.code() == Secret("right"))
    }

    @Test("A flood of idle connections is held to the bound, and the browser's redirect still gets through")
    func idleFloodBounded() async throws {
        var limits = LoopbackRedirectListener.Limits.standard
        limits.maximumConnections = 8
        let listener = LoopbackRedirectListener(applicationName: "stories-cli", limits: limits) { _ in
            try await Task.sleep(for: .seconds(3600))
        }
        let receiver = try await listener.listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        let idle = (0..<40).map { _ in RawLoopbackClient.connectIdle(port: port) }
        defer { idle.forEach { close($0) } }
        #expect(idle.allSatisfy { $0 >= 0 })
        // Every idle connection past the bound was closed, oldest first, without waiting for its read timeout.
        #expect(RawLoopbackClient.closedCount(idle, expected: 32) >= 32)
        let page = await RawLoopbackClient.get("/callback?code=right&state=\(Self.state.value)", port: port)
        #expect(Self.statusLine(page) == "HTTP/1.1 200 OK")
        #expect(try await receiver.code() == Secret("right"))
    }

    @Test("Other paths and methods are answered 404 and leave the redirect to come")
    func otherPathsDoNotConsume() async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        #expect(Self.statusLine(await RawLoopbackClient.get("/favicon.ico", port: port)) == "HTTP/1.1 404 Not Found")
        let post = Array(
            "POST /callback?code=x&state=\(Self.state.value) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\n\r\n"
                .utf8)
        #expect(Self.statusLine(await RawLoopbackClient.exchange(post, port: port)) == "HTTP/1.1 404 Not Found")
        _ = await RawLoopbackClient.get("/callback?code=right&state=\(Self.state.value)", port: port)
        #expect(try await receiver.code() == Secret("right"))
    }

    @Test(
        "Bytes that are not an HTTP request are answered 404 and leave the redirect to come",
        arguments: ["\u{01}\u{02} nonsense\r\n\r\n", "GET /callback HTTP/9.9x\r\n\r\n", "GET\r\n\r\n"])
    func notHTTPDoesNotConsume(bytes: String) async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        let answer = await RawLoopbackClient.exchange(Array(bytes.utf8), port: port)
        #expect(Self.statusLine(answer) == "HTTP/1.1 404 Not Found")
        _ = await RawLoopbackClient.get("/callback?code=right&state=\(Self.state.value)", port: port)
        #expect(try await receiver.code() == Secret("right"))
    }

    @Test("A request head over the size limit is answered 431, unread, and leaves the redirect to come")
    func oversizeRequest() async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        let huge =
            "GET /callback?code=x&state=\(Self.state.value) HTTP/1.1\r\nX-Padding: "
            + String(repeating: "a", count: 9000) + "\r\n\r\n"
        let answer = await RawLoopbackClient.exchange(Array(huge.utf8), port: port)
        #expect(Self.statusLine(answer) == "HTTP/1.1 431 Request Header Fields Too Large")
        _ = await RawLoopbackClient.get("/callback?code=right&state=\(Self.state.value)", port: port)
        #expect(try await receiver.code() == Secret("right"))
    }

    @Test("A connection that never finishes its request is closed after the read timeout, unanswered")
    func connectionReadTimeout() async throws {
        let receiver = try await Self.listener(readTimeout: .milliseconds(200)).listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        // The client gives up after 10 s; the listener must close the connection long before that.
        let answer = await RawLoopbackClient.exchange(Array("GET /callback?code=x&st".utf8), port: port)
        #expect(answer == "")
        _ = await RawLoopbackClient.get("/callback?code=right&state=\(Self.state.value)", port: port)
        #expect(try await receiver.code() == Secret("right"))
    }

    @Test("Without a redirect, the wait ends with timedOut when the overall timeout passes, and the port closes")
    func overallTimeout() async throws {
        let (expired, expire) = AsyncStream<Void>.makeStream()
        let asked = Mutex<Duration?>(nil)
        let listener = Self.listener { duration in
            asked.withLock { $0 = duration }
            for await _ in expired { return }
        }
        let receiver = try await listener.listen(state: Self.state, issuer: nil)
        expire.yield()
        await #expect(throws: AuthorizationRedirectError.timedOut(after: .seconds(300))) { try await receiver.code() }
        #expect(asked.withLock { $0 } == .seconds(300))
        #expect(await RawLoopbackClient.get("/callback", port: RawLoopbackClient.port(of: receiver.redirectURI)) == nil)
    }

    @Test("The port closes at the overall timeout even when nobody waits for the redirect")
    func timeoutClosesUnwatchedListener() async throws {
        let (expired, expire) = AsyncStream<Void>.makeStream()
        let (closed, closing) = AsyncStream<Void>.makeStream()
        let listener = Self.listener { _ in
            for await _ in expired { break }
            closing.yield()
        }
        let receiver = try await listener.listen(state: Self.state, issuer: nil)
        let port = RawLoopbackClient.port(of: receiver.redirectURI)
        #expect(Self.statusLine(await RawLoopbackClient.get("/favicon.ico", port: port)) == "HTTP/1.1 404 Not Found")
        expire.yield()
        for await _ in closed { break }
        // The expiry has returned; the listener closes its port before anything else. Poll the port until it
        // refuses, bounded, rather than sleeping a guessed time.
        var refused = false
        for _ in 0..<200 where !refused {
            refused = await RawLoopbackClient.get("/favicon.ico", port: port) == nil
            if !refused { await Task.yield() }
        }
        #expect(refused)
    }

    @Test("Cancelling the wait ends it with cancelled and closes the port")
    func cancellation() async throws {
        let receiver = try await Self.listener().listen(state: Self.state, issuer: nil)
        let waiting = Task { try await receiver.code() }
        waiting.cancel()
        await #expect(throws: AuthorizationRedirectError.cancelled) { try await waiting.value }
        #expect(await RawLoopbackClient.get("/callback", port: RawLoopbackClient.port(of: receiver.redirectURI)) == nil)
    }
}

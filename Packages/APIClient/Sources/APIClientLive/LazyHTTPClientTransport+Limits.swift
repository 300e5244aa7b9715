import AsyncHTTPClient
import NIOCore

extension LazyHTTPClientTransport {
    /// The transport an API client uses: AsyncHTTPClient over HTTP/1.1, following no redirects, with `limits`'
    /// connect and read timeouts, through the proxy `proxy` names.
    ///
    /// The transport's own timeout is a backstop at twice the request deadline; `BoundedResponseMiddleware` (which
    /// `LiveAPIClient` installs) enforces the real deadlines.
    /// `processEventLoop`: see `init(configuration:backstopTimeout:processEventLoop:)`.
    public convenience init(limits: ConnectionLimits, proxy: ProxyRoute, processEventLoop: ProcessEventLoop? = nil) {
        var configuration = HTTPClient.Configuration()
        // Redirects are never followed: a token or a refresh token must not travel to another origin.
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(
            connect: TimeAmount(limits.connectTimeout), read: TimeAmount(limits.requestDeadline))
        // A command-line run makes a handful of requests: a refused connection should fail now ("start the server"),
        // not after ten seconds of reconnect backoff, which only pays off for long-running servers.
        configuration.connectionPool.retryConnectionEstablishment = false
        // No distributed tracing here; without this, every request looks up the process-wide tracer.
        configuration.tracing.tracer = nil
        // HTTP/1.1 only, with a status line no client library may trap on: AsyncHTTPClient stops the process on a
        // status below 100 (`ResponseStatusValidator`), and HTTP/1.1 is the one parser path the validator guards. The
        // requests go one after another, which HTTP/2's multiplexing would not speed up.
        configuration.httpVersion = .http1Only
        configuration.http1_1ConnectionDebugInitializer = { ResponseStatusValidator.install(in: $0) }
        switch proxy {
        case .direct: break
        case .http(let host, let port, let credentials):
            configuration.proxy = .server(
                host: host, port: port,
                authorization: credentials.map { .basic(username: $0.username, password: $0.password) })
        case .socks(let host, let port):
            configuration.proxy = .socksServer(host: host, port: port)
        }
        self.init(
            configuration: configuration, backstopTimeout: limits.requestDeadline * 2,
            processEventLoop: processEventLoop)
    }
}

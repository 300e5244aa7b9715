/// A proxy variable of the environment that cannot be used. Carries the variable's name, never its value (which may
/// hold a password).
public enum ProxyConfigurationError: Error, Equatable, Sendable {
    /// The value is not a URL with a host, like `http://proxy.example:3128`.
    case notAProxyURL(variable: String)
    /// The URL's scheme is neither `http` nor `socks5`/`socks5h`.
    case unsupportedScheme(variable: String, scheme: String)
}

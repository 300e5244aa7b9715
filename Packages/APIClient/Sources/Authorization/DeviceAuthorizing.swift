/// The two requests of the device authorization grant (RFC 8628), as a seam for the flow that polls them.
public protocol DeviceAuthorizing: Sendable {
    /// Starts a device authorization (RFC 8628 §3.1).
    func requestDeviceAuthorization(
        scope: String?, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> DeviceAuthorization

    /// Asks the token endpoint once whether `deviceCode` has been approved (RFC 8628 §3.4).
    func pollDeviceAuthorization(
        deviceCode: Secret, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> DevicePollOutcome
}

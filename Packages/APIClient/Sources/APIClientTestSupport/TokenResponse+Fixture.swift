import AuthorizationServerClient

extension Components.Schemas.TokenResponse {
    public static func fixture(
        accessToken: String = "access-token-0001",
        tokenType: String = "Bearer",
        expiresIn: Double? = 900,
        refreshToken: String? = "refresh-token-0001",
        scope: String? = nil
    ) -> Self {
        .init(
            accessToken: accessToken, tokenType: tokenType, expiresIn: expiresIn, refreshToken: refreshToken,
            scope: scope)
    }
}

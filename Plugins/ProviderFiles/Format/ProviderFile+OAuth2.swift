import APICore

extension ProviderFile {
    /// How apicli obtains the bearer token of an OAuth2 API itself (`key.oauth2`): the
    /// flows the API's document declares, with their endpoints and scopes. Without it a
    /// bearer token is one the user obtained elsewhere. The type is the kit's, so that the
    /// descriptor carries it to the host, which signs in (``OAuth2SignIn``).
    public typealias OAuth2 = OAuth2SignIn
}

/// What the kit hands on to a provider besides its own types: the request model
/// (`QueryItem`, `RateLimit`, `CredentialPlacement`, `WebLink`, `PercentEncoding`) and the
/// store's vocabulary (`SQLValue`, `Row`, `Migration`, `StoreError`, the narrow
/// `StoreTransaction` and its statement helpers). The HTTP client and the store themselves
/// are not below the kit, so a provider can neither see nor import them.
@_exported import APIHTTPModel
@_exported import APIStoreModel

@_exported import APICore
// The host sends with the HTTP client and keeps answers in the store, which are below it and
// not below the kit: what links the host (the executable, the tests) sees them through it.
@_exported import APIHTTP
@_exported import APIStore

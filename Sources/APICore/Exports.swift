@_exported import APIHTTP
@_exported import APIStore

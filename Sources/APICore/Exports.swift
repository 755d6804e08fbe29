@_exported import APIHTTP
@_exported import APIStore
@_exported import APIDocuments

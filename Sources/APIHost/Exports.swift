@_exported import APICore

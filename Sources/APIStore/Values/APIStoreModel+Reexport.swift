/// The values, errors and narrow transaction a statement works with sit below the
/// store in `APIStoreModel`, so that the provider kit can hand them on without the
/// store; the store's own users see them here as before.
@_exported import APIStoreModel

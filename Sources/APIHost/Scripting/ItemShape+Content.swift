/// `--changed`: items told apart by their whole content rather than their identity.
extension ItemShape {
    /// This shape with no identity fields, so that an item's key is all of it
    /// (``ItemReader/key(of:)``): an item stored before with other content, or not at all,
    /// has a key the store's items do not have, and is printed (docs/design/0261-changed-items.md).
    var comparingContent: ItemShape {
        var shape = self
        shape.identity = []
        return shape
    }
}

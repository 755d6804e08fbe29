import APICore

/// What `apicli store sync` exchanges of provider files' items: their versions, with the
/// text their full-text index holds. An item's row is not rebuilt from a pulled version:
/// its search text comes from the provider file's declared fields, which a version does
/// not carry, so pulled versions are kept as versions (`history` and `store sql` see them).
extension FileItemSchema {
    static let syncedVersions = VersionTable(
        table: versions, item: "item_id", content: "json",
        searchText: "(SELECT i.search_text FROM provider_files_items i WHERE i.provider = v.provider AND i.item_id = v.item_id)")
}

import APICore

/// What the weather does beyond the four steps, each part the methods beside it: a
/// place is looked up first (`+Places`), the command line chooses what an item is
/// (`+Items`), a stored forecast ages (`+Places`), OpenWeather's error bodies are read,
/// a query is labelled by its place, and each answer draws its own view; its tables
/// are described in `+Schema`. One page a query, decoded whole; the glance asks two (`+Glance`).
extension WeatherProvider {
    public var capabilities: Capabilities<Self> {
        var made = Capabilities<Self>(
            paging: Self.paging,
            lookup: Lookup(
                lifetime: lookupLifetime, request: lookupRequest(for:), decode: decodeLookup(_:for:warnings:),
                failure: lookupFailure(status:body:for:), persist: persistLookup(_:for:in:),
                load: loadLookup(for:from:), resolve: resolve(_:with:)),
            itemViews: ItemViews(itemViews, choose: itemView(for:)),
            aging: Aging(itemName: timedItemName, dropping: dropping(before:from:)),
            failure: failure(status:body:for:),
            label: label(for:),
            terminalView: view(_:on:),
            scriptingElements: { [self] results in StatusFields.elements(results, json: json) },
            items: Self.stepShape,
            tableNotes: tableNotes)
        made.asOf = WeatherAsOf.load(_:at:from:)
        made.storeOnly = StoreOnly(
            answers: { $0.report == .record || $0.report == .verify },
            read: { query, now, transaction in try WeatherRecordStore.read(query, now: now, in: transaction) },
            nothing: Self.nothingRecorded(for:))
        return made
    }
}

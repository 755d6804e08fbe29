/// Optional fields read leniently: missing, null, or in a shape the API did
/// not promise, each becomes nil instead of failing the whole record.
///
///     let main = container.object(.main, keyedBy: MainKeys.self)
///     temperature = main?.number(.temp)        // 12, 12.5 or "12.5"
///     id = container.integer(.id)              // Int64 or Int, from 7, 7.0 or "7"
///     name = container.text(.name)             // "Paris", or 75 read as "75"
///     city = container.lenient(CityPayload.self, .city)
///
/// Real answers drift over the years; one odd field should cost that field,
/// not the record. Use `decode(_:forKey:)` for the few fields a record cannot do without.
///
/// `@inlinable` so a provider's decoder is specialised for its own keys: they
/// run for every field of every record (NYT: ~18 per doc, 20,000 docs a page).
extension KeyedDecodingContainer {
    /// The number at `key` as sent; nil when missing, null or not a number.
    @inlinable public func number(_ key: Key) -> NumberValue? {
        (try? decodeIfPresent(FlexibleNumber.self, forKey: key))?.value
    }

    /// The whole number at `key`, as the integer type the context asks for
    /// (`Int64`, `Int`…); nil when missing, null, not whole, or out of range.
    /// An integer takes the decoder's fast path; only another type pays for the fallback.
    @inlinable public func integer<T: FixedWidthInteger>(_ key: Key, as type: T.Type = T.self) -> T? {
        do {
            return try decodeIfPresent(Int64.self, forKey: key).flatMap { T(exactly: $0) }
        } catch {
            return ((try? decodeIfPresent(FlexibleInteger.self, forKey: key))?.value).flatMap { T(exactly: $0) }
        }
    }

    /// The text at `key` (a number reads as its digits); nil when missing, null or neither.
    /// A string takes the decoder's fast path; only another type pays for the fallback.
    @inlinable public func text(_ key: Key) -> String? {
        do {
            return try decodeIfPresent(String.self, forKey: key)
        } catch {
            return (try? decodeIfPresent(FlexibleNumber.self, forKey: key))?.value.text
        }
    }

    /// The object at `key`; nil when missing, null, `[]` or not an object.
    @inlinable public func object<NestedKey: CodingKey>(
        _ key: Key, keyedBy type: NestedKey.Type
    ) -> KeyedDecodingContainer<NestedKey>? {
        try? nestedContainer(keyedBy: type, forKey: key)
    }

    /// The value at `key` as `T`; nil when missing, null or in another shape.
    @inlinable public func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        guard contains(key) else { return nil }
        return (try? decodeIfPresent(Lossy<T>.self, forKey: key))?.value
    }
}

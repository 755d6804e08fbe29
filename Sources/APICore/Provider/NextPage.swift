/// Where the page after one answer is: by number, or where the answer says.
///
/// NYT and OpenWeather count pages, so the host asks ``Provider/request(for:page:)``
/// for page 0, 1, …. Many APIs instead say in each answer how to get the next one:
/// a cursor to send back (OpenAI's `after` = `last_id`), a `next` URL in the body
/// (PokeAPI, Bitbucket), or an RFC 8288 `Link: <…>; rel="next"` header (GitHub).
/// ``Paging/nextPage`` returns one of these.
public enum NextPage: Sendable, Hashable {
    /// The next page by number: ``Provider/request(for:page:)`` with `page + 1`.
    case numbered
    /// A request the provider built from the answer (a cursor sent back as a parameter).
    case endpoint(Endpoint)
    /// A URL the answer named, absolute or relative to the request that got it. The host
    /// follows it only within the provider's base URL (its scheme, host, port and path
    /// prefix), where the key goes; a URL anywhere else ends paging with a warning.
    case link(String)
    /// The request just sent, its integer query parameter `name` grown by `by` (from 0 when
    /// it was not sent): an offset moved past the items the answer held, for an API that
    /// decides how many items a page holds.
    case advancing(String, by: Int)
    /// The answer says there is no next page.
    case end
}

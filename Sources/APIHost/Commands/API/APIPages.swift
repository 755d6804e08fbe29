#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pages `apicli api --paginate` asks for, from the provider's
/// ``PageParameter``: the parameter's value for each page, and whether an
/// answer leaves more to ask for. Without `--paginate` there is one page, the
/// request as given.
struct APIPages {
    /// The query without the page parameter (and with the size parameter when paging needs it).
    private let base: [QueryItem]
    private let parameter: PageParameter?
    /// The value of the first page: the one given with `-q`, else the API's first.
    private let start: Int

    init(descriptor: ProviderDescriptor, query: [QueryItem], paginate: Bool) throws {
        guard paginate else {
            (base, parameter, start) = (query, nil, 0)
            return
        }
        guard let parameter = descriptor.pageParameter else {
            throw UsageError("\(descriptor.name) declares no paging, so --paginate has nothing to follow")
        }
        var start = parameter.first
        if let given = query.last(where: { $0.name == parameter.name }) {
            guard let value = Int(given.value), (parameter.first...parameter.last).contains(value) else {
                throw UsageError("-q \(parameter.name)= takes \(parameter.first) to \(parameter.last) with --paginate, not '\(given.value)'")
            }
            start = value
        }
        var base = query.filter { $0.name != parameter.name }
        if let size = parameter.sizeParameter, !base.contains(where: { $0.name == size }) {
            base.append(QueryItem(size, String(parameter.pageSize)))
        }
        (self.base, self.parameter, self.start) = (base, parameter, start)
    }

    /// The query of page `page` (from 0).
    func query(at page: Int) -> [QueryItem] {
        guard let parameter else { return base }
        return base + [QueryItem(parameter.name, String(start + page * parameter.step))]
    }

    /// Whether page `next` (from 0) is worth asking for after `body`: the API serves it,
    /// and the page before held a full page of items where the provider says they are.
    func hasMore(after body: Data, page next: Int) -> Bool {
        guard let parameter, start + next * parameter.step <= parameter.last else { return false }
        guard var current = try? JSONValue.parse(body) else { return false }
        for member in parameter.items {
            if let value = current[member] {
                current = value
            } else if case let .array(items) = current, let index = Int(member), items.indices.contains(index) {
                current = items[index]
            } else {
                return false
            }
        }
        guard case let .array(items) = current else { return false }
        return items.count >= parameter.pageSize
    }
}

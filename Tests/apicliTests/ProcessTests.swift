import Testing

/// The tests that run many real `apicli` processes at once: the kill loop,
/// eight readers and writers on one store, and twenty processes sharing one
/// rate limit.
///
/// They run one after another, not side by side: the kill loop times its kills
/// from unkilled runs, and the others start 8 and 20 processes; on a two-core
/// machine each would distort the others' timing and deadlines. `.ci/run` also
/// runs them apart from every other test, for the same reason.
@Suite("apicli processes", .serialized)
enum ProcessTests {}

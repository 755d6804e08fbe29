/// A provider whose answers are about times to come (weather: forecast steps),
/// so that a stored answer ages: what it said about an hour now past is no
/// longer worth showing.
///
/// The hooks are ``Provider/timedItemName`` and ``Provider/dropping(before:from:)``,
/// defaulted requirements the host calls on every provider (the defaults drop
/// nothing), so no run probes for this protocol. It stays as a name for the
/// capability, and so that existing conformances keep compiling; it adds nothing.
public protocol TimedProvider: Provider {}

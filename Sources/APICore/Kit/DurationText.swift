/// A span of time as typed: a whole number and a unit, `36h`, `90d`, `2w` (also `30m`):
/// what `store prune --keep` and `weather --past` take.
public enum DurationText {
    /// The seconds `text` names; nil when it is not a positive whole number followed by `m`, `h`, `d` or `w`.
    public static func seconds(_ text: String) -> Double? {
        guard let unit = text.last, let number = Int(text.dropLast()), number > 0 else { return nil }
        let scale: Double
        switch unit {
        case "m": scale = 60
        case "h": scale = 3_600
        case "d": scale = 86_400
        case "w": scale = 604_800
        default: return nil
        }
        return Double(number) * scale
    }
}

/// How an animation moves from its start to its end over its duration.
public enum Ease: String, Sendable, Equatable, Codable, CaseIterable {
    case linear
    /// Fast, then settling (cubic).
    case easeOut
    /// Slow at both ends (cubic).
    case easeInOut
    /// Past the end, then back to it: a small bounce (back easing, 10% over).
    case overshoot

    /// The animation's progress at `t` of its duration (0...1): 0 at the start, 1 at the end.
    public func value(_ t: Double) -> Double {
        let x = min(1, max(0, t))
        switch self {
        case .linear: return x
        case .easeOut: return 1 - (1 - x) * (1 - x) * (1 - x)
        case .easeInOut: return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) * (-2 * x + 2) * (-2 * x + 2) / 2
        case .overshoot:
            let c = Self.overshootStrength
            let y = x - 1
            return 1 + (c + 1) * y * y * y + c * y * y
        }
    }

    /// The largest value the ease reaches (more than 1 when it overshoots).
    public var peak: Double {
        switch self {
        case .overshoot:
            // The maximum of 1 + (c+1) y^3 + c y^2 lies at y = -2c / (3(c+1)).
            let c = Self.overshootStrength
            let y = -2 * c / (3 * (c + 1))
            return 1 + (c + 1) * y * y * y + c * y * y
        default: return 1
        }
    }

    /// Back easing's constant for a 10% overshoot.
    static let overshootStrength = 1.70158
}

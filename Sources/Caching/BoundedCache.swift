/// A cache of at most `limit` values: when full, the least recently used half is dropped.
///
/// For the caches whose keys grow with the input (characters, sizes, languages): each is made
/// with its key type and its limit where it is declared, so what it may hold is stated there.
/// Dropping half at a time keeps an insert amortized O(log limit) while a hit costs one
/// dictionary update. A value must be a pure function of its key: a dropped value is made
/// again, the same.
public struct BoundedCache<Key: Hashable, Value> {
    /// The most values held at once.
    public let limit: Int
    private var entries: [Key: (value: Value, used: UInt64)] = [:]
    private var clock: UInt64 = 0

    /// An empty cache of at most `limit` (at least 2) values.
    public init(limit: Int) {
        precondition(limit >= 2, "a bounded cache holds at least 2 values")
        self.limit = limit
    }

    /// How many values it holds.
    public var count: Int { entries.count }

    /// The value for `key`, marked as used now; nil when it is not held.
    public mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock &+= 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    /// Holds `value` for `key`, dropping the least recently used half when full.
    public mutating func insert(_ value: Value, for key: Key) {
        if entries[key] == nil, entries.count >= limit { dropOlderHalf() }
        clock &+= 1
        entries[key] = (value, clock)
    }

    /// The value for `key`, made by `make` and held when it is not held yet.
    public mutating func value(for key: Key, orMake make: () throws -> Value) rethrows -> Value {
        if let value = value(for: key) { return value }
        let value = try make()
        insert(value, for: key)
        return value
    }

    private mutating func dropOlderHalf() {
        let cutoff = entries.values.map(\.used).sorted()[entries.count / 2]
        entries = entries.filter { $0.value.used >= cutoff }
    }
}

extension BoundedCache: Sendable where Key: Sendable, Value: Sendable {}

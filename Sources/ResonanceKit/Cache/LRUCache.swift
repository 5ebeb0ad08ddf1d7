import Foundation

/// A thread-safe, cost-bounded cache that evicts the least recently used entry first.
///
/// Reading an entry makes it the most recently used. Every operation is O(1): entries live in
/// a doubly linked list (ordered by use) indexed by a dictionary. Safe to call from any thread
/// or task, including synchronous code.
///
/// ```swift
/// let cache = LRUCache<URL, Data>(totalCostLimit: 50 * 1024 * 1024, countLimit: 500)
/// cache.setValue(imageData, forKey: url, cost: imageData.count)
/// if let hit = cache.value(forKey: url) { show(hit) }
/// ```
public final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    /// The most total cost the cache holds; older entries are evicted to stay within it.
    public let totalCostLimit: Int
    /// The most entries the cache holds, or `nil` for no count limit.
    public let countLimit: Int?

    private struct Node {
        let key: Key
        let value: Value
        let cost: Int
        var older: Int?
        var newer: Int?
    }

    private let lock = NSLock()
    // `@unchecked Sendable` is sound because every access below holds `lock`.
    private var nodes: [Node?] = []
    private var freeSlots: [Int] = []
    private var slotByKey: [Key: Int] = [:]
    private var newestSlot: Int?
    private var oldestSlot: Int?
    private var currentCost = 0

    /// Creates an empty cache. Negative limits are treated as zero.
    ///
    /// - Parameters:
    ///   - totalCostLimit: The most total cost held, in your unit (bytes for data).
    ///   - countLimit: The most entries held; `nil` for no limit.
    public init(totalCostLimit: Int, countLimit: Int? = nil) {
        self.totalCostLimit = max(0, totalCostLimit)
        self.countLimit = countLimit.map { max(0, $0) }
    }

    /// The number of entries.
    public var count: Int {
        lock.withLock { slotByKey.count }
    }

    /// The sum of the costs of all entries.
    public var totalCost: Int {
        lock.withLock { currentCost }
    }

    /// The value for `key`, marking it most recently used; `nil` when absent.
    public func value(forKey key: Key) -> Value? {
        lock.withLock {
            guard let slot = slotByKey[key], let node = nodes[slot] else { return nil }
            unlink(slot)
            linkAsNewest(slot)
            return node.value
        }
    }

    /// The value for `key`, marking it most recently used.
    public subscript(key: Key) -> Value? {
        value(forKey: key)
    }

    /// Stores `value` as the most recently used entry, replacing any entry for `key`, then
    /// evicts least recently used entries until both limits hold.
    ///
    /// - Returns: `false` when `cost` alone exceeds `totalCostLimit`: the value is not stored
    ///   (and any previous entry for `key` is removed, so a stale value is never served).
    @discardableResult
    public func setValue(_ value: Value, forKey key: Key, cost: Int = 0) -> Bool {
        let cost = max(0, cost)
        return lock.withLock {
            if let existing = slotByKey[key] {
                remove(existing)
            }
            guard cost <= totalCostLimit, countLimit != 0 else { return false }
            let node = Node(key: key, value: value, cost: cost)
            let slot: Int
            if let free = freeSlots.popLast() {
                nodes[free] = node
                slot = free
            } else {
                nodes.append(node)
                slot = nodes.count - 1
            }
            slotByKey[key] = slot
            currentCost += cost
            linkAsNewest(slot)
            evictToLimits()
            return true
        }
    }

    /// Removes the entry for `key`.
    ///
    /// - Returns: The removed value, or `nil` when there was none.
    @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        lock.withLock {
            guard let slot = slotByKey[key] else { return nil }
            return remove(slot)
        }
    }

    /// Removes every entry.
    public func removeAll() {
        lock.withLock {
            nodes.removeAll()
            freeSlots.removeAll()
            slotByKey.removeAll()
            newestSlot = nil
            oldestSlot = nil
            currentCost = 0
        }
    }

    /// Keys from most to least recently used, for diagnostics and tests.
    public var keysByRecency: [Key] {
        lock.withLock {
            var keys: [Key] = []
            var cursor = newestSlot
            while let slot = cursor, let node = nodes[slot] {
                keys.append(node.key)
                cursor = node.older
            }
            return keys
        }
    }

    // MARK: - Linked list, called with `lock` held

    private func evictToLimits() {
        while let oldest = oldestSlot,
              currentCost > totalCostLimit || (countLimit.map { slotByKey.count > $0 } ?? false) {
            remove(oldest)
        }
    }

    @discardableResult
    private func remove(_ slot: Int) -> Value? {
        guard let node = nodes[slot] else { return nil }
        unlink(slot)
        slotByKey[node.key] = nil
        currentCost -= node.cost
        nodes[slot] = nil
        freeSlots.append(slot)
        return node.value
    }

    private func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if let older = node.older {
            nodes[older]?.newer = node.newer
        } else {
            oldestSlot = node.newer
        }
        if let newer = node.newer {
            nodes[newer]?.older = node.older
        } else {
            newestSlot = node.older
        }
        nodes[slot]?.older = nil
        nodes[slot]?.newer = nil
    }

    private func linkAsNewest(_ slot: Int) {
        nodes[slot]?.older = newestSlot
        nodes[slot]?.newer = nil
        if let newest = newestSlot {
            nodes[newest]?.newer = slot
        }
        newestSlot = slot
        if oldestSlot == nil {
            oldestSlot = slot
        }
    }
}

import Foundation
import ResonanceKit
import Testing

@Suite("LRU cache")
struct LRUCacheTests {
    @Test("the least recently used entry is evicted first, and a read counts as use")
    func evictionByUse() {
        let cache = LRUCache<String, Int>(totalCostLimit: 3)
        cache.setValue(1, forKey: "a", cost: 1)
        cache.setValue(2, forKey: "b", cost: 1)
        cache.setValue(3, forKey: "c", cost: 1)
        #expect(cache.value(forKey: "a") == 1)
        cache.setValue(4, forKey: "d", cost: 1)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache["c"] == 3)
        cache.setValue(5, forKey: "e", cost: 1)
        #expect(cache.keysByRecency == ["e", "c", "d"])
        #expect(cache.value(forKey: "a") == nil)
    }

    @Test("the total cost stays within the limit, evicting as many old entries as needed")
    func costBound() {
        let cache = LRUCache<Int, String>(totalCostLimit: 100)
        for key in 0..<10 {
            cache.setValue("v\(key)", forKey: key, cost: 20)
            #expect(cache.totalCost <= 100)
        }
        #expect(cache.count == 5)
        #expect(cache.keysByRecency == [9, 8, 7, 6, 5])
        cache.setValue("big", forKey: 99, cost: 70)
        #expect(cache.keysByRecency == [99, 9])
        #expect(cache.totalCost == 90)
    }

    @Test("an entry larger than the limit is not stored and removes a stale entry for its key")
    func oversize() {
        let cache = LRUCache<String, String>(totalCostLimit: 10)
        cache.setValue("old", forKey: "k", cost: 5)
        cache.setValue("keep", forKey: "other", cost: 5)
        #expect(cache.setValue("huge", forKey: "k", cost: 11) == false)
        #expect(cache.value(forKey: "k") == nil)
        #expect(cache.value(forKey: "other") == "keep")
        #expect(cache.totalCost == 5)
    }

    @Test("the count limit evicts too")
    func countBound() {
        let cache = LRUCache<Int, Int>(totalCostLimit: 1_000, countLimit: 2)
        cache.setValue(1, forKey: 1)
        cache.setValue(2, forKey: 2)
        _ = cache.value(forKey: 1)
        cache.setValue(3, forKey: 3)
        #expect(cache.keysByRecency == [3, 1])
    }

    @Test("replacing a key updates its value and cost; remove and removeAll keep totals right")
    func replaceAndRemove() {
        let cache = LRUCache<String, Int>(totalCostLimit: 100)
        cache.setValue(1, forKey: "a", cost: 10)
        cache.setValue(2, forKey: "b", cost: 20)
        cache.setValue(3, forKey: "a", cost: 30)
        #expect(cache.value(forKey: "a") == 3)
        #expect(cache.totalCost == 50)
        #expect(cache.count == 2)
        #expect(cache.removeValue(forKey: "b") == 2)
        #expect(cache.removeValue(forKey: "b") == nil)
        #expect(cache.totalCost == 30)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
        #expect(cache.keysByRecency.isEmpty)
        cache.setValue(4, forKey: "c", cost: 1)
        #expect(cache.keysByRecency == ["c"])
    }

    @Test("negative costs and limits are treated as zero")
    func negativeInputs() {
        let cache = LRUCache<String, Int>(totalCostLimit: -5)
        #expect(cache.totalCostLimit == 0)
        #expect(cache.setValue(1, forKey: "a", cost: -3))
        #expect(cache.totalCost == 0)
        #expect(cache.setValue(2, forKey: "b", cost: 1) == false)
    }

    @Test("many tasks reading and writing at once keep the cache consistent")
    func concurrency() async {
        let limit = 500
        let cache = LRUCache<Int, Int>(totalCostLimit: limit, countLimit: 64)
        func cost(of key: Int) -> Int { key % 17 + 1 }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var generator = SystemRandomNumberGenerator()
                    for step in 0..<2_000 {
                        let key = Int.random(in: 0..<200, using: &generator)
                        switch (step + worker) % 4 {
                        case 0, 1: cache.setValue(key * 10, forKey: key, cost: cost(of: key))
                        case 2: if let value = cache.value(forKey: key) { #expect(value == key * 10) }
                        default: cache.removeValue(forKey: key)
                        }
                    }
                }
            }
        }
        let keys = cache.keysByRecency
        #expect(keys.count == cache.count)
        #expect(Set(keys).count == keys.count)
        #expect(cache.count <= 64)
        #expect(cache.totalCost <= limit)
        #expect(cache.totalCost == keys.map(cost(of:)).reduce(0, +))
    }
}

/// `priority` of a fixture entry: lower numbers are tried first. The recorder ranks the entries
/// it writes at the default, and compares hand-written ones with it.
package enum EntryPriority {
    /// What an entry without `priority` ranks as: WireMock's default, so a migrated
    /// `"priority": 1` goes before the rest and a `"priority": 10` after them, as it did there.
    package static let defaultValue = 5
    package static let maximum = 1_000_000
}

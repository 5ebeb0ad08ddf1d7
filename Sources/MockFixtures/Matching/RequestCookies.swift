/// The cookies of a request's `Cookie` header (RFC 6265 §5.4: `name=value` pairs separated by
/// `;`), for `requestCookies`. Names are case-sensitive; a value in double quotes is taken without
/// them, as servers read it. Parsed only for entries and patterns that name cookies.
///
/// ```swift
/// RequestCookies("session=abc; theme=\"dark\"").values(for: "theme")   // ["dark"]
/// ```
struct RequestCookies {
    private let pairs: [(name: Substring, value: Substring)]

    /// `header` is the `Cookie` value (lines sent more than once joined), or nil without one.
    init(_ header: String?) {
        guard let header else {
            pairs = []
            return
        }
        pairs = header.split(separator: ";").compactMap { part in
            let pair = part.trimmingSpaces()
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { return nil }
            var value = pair[pair.index(after: equals)...].trimmingSpaces()
            if value.count >= 2, value.first == "\"", value.last == "\"" {
                value = value.dropFirst().dropLast()
            }
            return (pair[..<equals].trimmingSpaces(), value)
        }
    }

    /// Every value sent for `name`, in order.
    func values(for name: String) -> [String] {
        pairs.filter { $0.name == name }.map { String($0.value) }
    }
}

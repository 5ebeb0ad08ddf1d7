import Foundation

/// The benchmark page built in memory, with the shape and size of `scripts/bench/make_fixtures.py`'s
/// `small` body (sorted keys, no spaces, people added until it reaches `targetBytes`).
///
/// ```swift
/// let body = BenchPage.body(targetBytes: 1024)    // ~1.2 KB, like bench/small
/// ```
enum BenchPage {
    static func body(targetBytes: Int) -> Data {
        var people: [String] = []
        while true {
            people.append(person(people.count))
            let page = #"{"count":\#(people.count),"results":[\#(people.joined(separator: ","))]}"#
            if page.utf8.count >= targetBytes {
                return Data(page.utf8)
            }
        }
    }

    private static func person(_ number: Int) -> String {
        let name = "Person " + String(repeating: "0", count: max(0, 6 - String(number).count)) + String(number)
        return #"{"active":\#(number % 2 == 0),"address":{"city":"Springfield","street":"\#(number) Main Street","zip":"\#(10000 + number)"},"#
            + #""email":"person\#(number)@example.com","id":\#(number),"name":"\#(name)","#
            + #""scores":[\#(number % 7),\#(number % 11),\#(number % 13)],"tags":["alpha","beta","gamma"]}"#
    }
}

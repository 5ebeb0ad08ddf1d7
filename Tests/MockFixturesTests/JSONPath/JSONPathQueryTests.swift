import Testing
@testable import MockFixtures

@Suite("JSONPath queries")
struct JSONPathQueryTests {
    static let order = #"""
    {"id": 7, "customer": {"name": "Rey", "email": "rey@example.com"}, "first name": "R", "content-type": "json",
     "items": [{"sku": "A1", "qty": 1, "price": 9.99, "tags": ["new"]},
               {"sku": "B2", "qty": 3, "price": 10, "tags": []},
               {"sku": "C3", "qty": 2, "price": 25.5, "size": "M", "tags": ["sale", "new"]}],
     "max": 10}
    """#

    private func select(_ query: String, in document: String = Self.order, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let root = try JSONParser.parse(Array(document.utf8)).root.value
        let compiled = try JSONPathQuery(query)
        return compiled.select(from: root).map { JSONValue.excerpt($0, limit: 200) }
    }

    @Test(arguments: [
        ("$.id", [#"7"#]),
        ("$.customer.name", [#""Rey""#]),
        ("$['first name']", [#""R""#]),
        (#"$["customer"]['name']"#, [#""Rey""#]),
        ("$.content-type", [#""json""#]),
        ("$.missing", []),
        ("$.id.deeper", []),
        ("$.items[0].sku", [#""A1""#]),
        ("$.items[-1].sku", [#""C3""#]),
        ("$.items[3]", []),
        ("$.items[*].sku", [#""A1""#, #""B2""#, #""C3""#]),
        ("$.items.*.qty", ["1", "3", "2"]),
        ("$.items[0:2].sku", [#""A1""#, #""B2""#]),
        ("$.items[::-1].sku", [#""C3""#, #""B2""#, #""A1""#]),
        ("$.items[::2].sku", [#""A1""#, #""C3""#]),
        ("$.items[-2:].sku", [#""B2""#, #""C3""#]),
        ("$.items[0:3:0]", []),
        ("$.items[0,2].sku", [#""A1""#, #""C3""#]),
        ("$.items[?@.qty > 1].sku", [#""B2""#, #""C3""#]),
        ("$.items[?(@.qty > 1)].sku", [#""B2""#, #""C3""#]),
        ("$.items[?@.price < 10].sku", [#""A1""#]),
        ("$.items[?@.price >= 10 && @.price <= 10].sku", [#""B2""#]),
        ("$.items[?@.qty == 1 || @.size].sku", [#""A1""#, #""C3""#]),
        ("$.items[?!@.size].sku", [#""A1""#, #""B2""#]),
        ("$.items[?@.price < $.max].sku", [#""A1""#]),
        ("$.items[?@.tags[?@ == 'sale']].sku", [#""C3""#]),
        ("$.items[?length(@.tags) == 0].sku", [#""B2""#]),
        ("$.items[?count(@.tags[*]) == 2].sku", [#""C3""#]),
        ("$.items[?match(@.sku, '[AB][0-9]')].sku", [#""A1""#, #""B2""#]),
        ("$.items[?match(@.sku, 'A')].sku", [], ),
        ("$.items[?search(@.sku, '3')].sku", [#""C3""#]),
        ("$.items[?value(@..size) == 'M'].sku", [#""C3""#]),
        ("$..sku", [#""A1""#, #""B2""#, #""C3""#]),
        ("$..tags[0]", [#""new""#, #""sale""#]),
        ("$.items.length()", ["3"]),
        ("$.customer.name.length()", ["3"]),
        ("$.items[?@.tags.length() > 1].sku", [#""C3""#]),
        ("$.items[?(@.sku =~ /a[0-9]/i)].qty", ["1"]),
        ("$.items[?(@.sku =~ /A/)].qty", []),
        ("$.items[?(@.size in ['S', 'M'])].sku", [#""C3""#]),
        ("$.items[?(@.sku nin ['A1', 'B2'])].sku", [#""C3""#]),
        ("$.items[?(@.size nin ['M'])].sku", [#""A1""#, #""B2""#]),
        ("$.items[?(@.size in ['M', 'X'])].sku", [#""C3""#]),
        ("$..qty.length()", ["3"]),
        ("$..missing.length()", ["0"]),
        ("$.missing.length()", []),
        ("$.items[*].tags.length()", ["3"]),
        ("$.items[?(@.sku =~ /c3/iu)].qty", ["2"]),
        ("$.items[?(@.sku =~ /A1/g)].qty", ["1"]),
        ("$.items[?(@.tags size 2)].sku", [#""C3""#]),
        ("$.items[?(@.tags empty true)].sku", [#""B2""#]),
        ("$.items[?(@.tags anyof ['sale'])].sku", [#""C3""#]),
        ("$.items[?(@.tags subsetof ['new', 'sale'])].sku", [#""A1""#, #""B2""#, #""C3""#]),
        ("$.items[?(@.tags noneof ['new'])].sku", [#""B2""#]),
    ])
    func selects(query: String, expected: [String]) throws {
        #expect(try select(query) == expected, "\(query)")
    }

    /// Comparisons follow RFC 9535: numbers by exact value (`1 == 1.0`, `9.99 < 10`), strings by
    /// Unicode scalar values, nothing equal to nothing, and `<` false across kinds.
    @Test func comparisonsFollowTheRFC() throws {
        let values = #"[1, 1.0, 10, 9.99, -3, "B", "a", true, null, [1], {"k": 1}, 12345678901234567891, 12345678901234567890]"#
        #expect(try select("$[?@ == 1]", in: values) == ["1", "1.0"])
        #expect(try select("$[?@ < 1]", in: values) == ["-3"])
        #expect(try select("$[?@ > 9.99]", in: values) == ["10", "12345678901234567891", "12345678901234567890"])
        #expect(try select("$[?@ > 12345678901234567890]", in: values) == ["12345678901234567891"], "no rounding through Double")
        #expect(try select("$[?@ < 'a']", in: values) == [#""B""#], "B (U+0042) comes before a (U+0061)")
        #expect(throws: JSONPathSyntaxError.self, "array literals are not RFC 9535 comparables") { try JSONPathQuery("$[?@ == [1]]") }
        #expect(try select("$[?@.missing == @.other]", in: #"[{"a": 1}]"#) == [#"{"a":1}"#], "Nothing equals Nothing")
        #expect(try select("$[?@.missing < 1]", in: #"[{"a": 1}]"#).isEmpty)
        #expect(try select("$[?@ <= true]", in: values) == ["true"], "<= is < or ==, and < is false for booleans")
        #expect(try select("$[?@ != null]", in: "[null, 0]") == ["0"])
    }

    /// Cases the three reference implementations got wrong, so the corpus leaves them out
    /// (Tests/JSONPathCorpus): RFC 9535 says what they select.
    @Test func whatTheReferenceImplementationsDisagreedOn() throws {
        #expect(try select("$[?@]", in: #"[0, false, "", null, [], {}]"#) == ["0", "false", #""""#, "null", "[]", "{}"], "@ always exists")
        #expect(try select("$[?@.a]", in: #"[{"a": ""}, {"a": []}, {"a": {}}, {"b": 1}]"#) == [#"{"a":""}"#, #"{"a":[]}"#, #"{"a":{}}"#])
        #expect(try select("$.items[?@.v[?@ == $.one]].v[0]", in: #"{"one": 1, "items": [{"v": [10, 1]}, {"v": [11]}, {"v": [12, 1]}]}"#) == ["10", "12"],
                "$ stays the document's root inside a nested filter")
        #expect(try select("$[?count(@) == 1]", in: "[1, 2]") == ["1", "2"])
        #expect(try select("$[?count(@.*) == 0]", in: "[[], [1]]") == ["[]"])
        #expect(try select("$[?match(@, 'Ro|Jo')]", in: #"["Ro", "Jo", "Ross", "xJo"]"#) == [#""Ro""#, #""Jo""#], "the whole text matches the whole pattern")
        for refused in ["$[?!!@.a]", "$[?@.a == 1 == 2]", "$.a b", "$[?value(1) == 1]"] {
            #expect(throws: JSONPathSyntaxError.self, "\(refused)") { try JSONPathQuery(refused) }
        }
    }

    /// Repeated keys: every reader takes the last, as parsing and `request` do.
    @Test func theLastOfRepeatedKeysIsSelected() throws {
        let document = #"{"a": 1, "b": 2, "a": 3}"#
        #expect(try select("$.a", in: document) == ["3"])
        #expect(try select("$.*", in: document) == ["2", "3"])
        #expect(try select("$.length()", in: document) == ["2"])
    }

    @Test func descendantsComeBeforeWhatTheyHoldAndArraysInOrder() throws {
        #expect(try select("$..[0]", in: "[[1, [2]], [3]]") == ["[1,[2]]", "1", "2", "3"])
        #expect(try select("$..*", in: #"{"a": [1], "b": {"c": 2}}"#) == ["[1]", #"{"c":2}"#, "1", "2"])
    }

    @Test(arguments: [
        ("", 0, "a query starts with $"),
        ("items[0]", 0, "a query starts with $"),
        ("@.a", 0, "@ stands for the value a filter looks at"),
        ("$.", 2, "expected a member name, * or [ after ."),
        ("$..", 3, "expected a member name, * or [ after .."),
        ("$.1a", 2, "a name after . cannot start with a digit"),
        ("$[", 2, "expected a selector before the end"),
        ("$['a", 2, "the string starting here is not closed with '"),
        ("$[01]", 2, "an index has no leading zeros: write 1"),
        ("$[-0]", 2, "-0 is not an index"),
        ("$[9007199254740992]", 2, "beyond the indexes JSONPath allows"),
        ("$[1 2]", 4, "expected , or ] in brackets, found '2'"),
        ("$.a)", 3, "unexpected ')' after the query $.a"),
        ("$.a ", 3, "(spaces are allowed only between its parts)"),
        ("$[?@.a = 1]", 7, "= is not a comparison; write =="),
        ("$[?@.a == @.*]", 10, "@.* can select several values, and a comparison needs one"),
        ("$[?length(@.*) > 1]", 10, "length() takes one value, and @.* can select several"),
        ("$[?match(@.a)]", 3, "match() takes 2 arguments, found 1"),
        ("$[?count(1)]", 9, "count() takes a query"),
        ("$[?count(@.*)]", 3, "count() gives a value, not true or false"),
        ("$[?match(@.a, 'x') == true]", 3, "match() gives true or false, which cannot be compared"),
        ("$[?@.a == 'x' && ]", 17, "expected a value, a query (@… or $…) or a function, found ']'"),
        ("$[?(@.a]", 7, "expected ) or an operator"),
        ("$[?'a']", 3, #""a" alone is not a test"#),
        ("$[?!@.a == 1]", 3, "! negates a test or a parenthesised expression, not a comparison"),
        ("$[?foo(@.a)]", 3, "unknown function foo(); the functions are length(), count(), match(), search(), value()"),
        ("$[?@.a == tru]", 10, "tru is neither a literal"),
        ("$['\\x']", 3, "\\x is not an escape in a JSONPath string"),
        ("$['\\uD800']", 3, "is the first half of a surrogate pair"),
        ("$[?@.a =~ /(a)\\1/]", 10, "is not a usable regular expression"),
        ("$[?@.a =~ /a/x]", 13, "has the flag x"),
        ("$[?match(@.a, '[a-')]", 14, "is not a usable regular expression"),
    ])
    func invalidQueriesAreRefusedWithTheirOffset(query: String, offset: Int, message: String) {
        #expect(throws: JSONPathSyntaxError.self, "\(query)") { try JSONPathQuery(query) }
        do {
            _ = try JSONPathQuery(query)
        } catch {
            #expect(error.offset == offset, "\(query): \(error)")
            #expect(error.message.contains(message), "\(query): \(error.message)")
        }
    }

    @Test func deeplyNestedFiltersAreRefusedNotOverflowed() {
        let query = "$" + String(repeating: "[?(", count: 70) + "@" + String(repeating: ")]", count: 70)
        #expect(throws: JSONPathSyntaxError.self) { try JSONPathQuery(query) }
    }

    /// Which budget message a stopped query gets: a filter searching the whole body for each
    /// element, or a long linear one (audit JP2 #4).
    @Test(arguments: [("$.items[?$..sku]", true), ("$.items[?count($.x) > 0]", true), ("$[?@.a[?@..b]]", true),
                      ("$..[?@.a > 1 && @.b]", false), ("$.items[?@.a > 1 || length(@.b) == 2]", false), ("$..x", false)])
    func filtersThatSearchTheBodyAreTold(query: String, searches: Bool) throws {
        #expect(try JSONPathQuery(query).searchesInsideFilters == searches, "\(query)")
    }

    @Test(arguments: [("$.a.b[0]", true), ("$['a'][-1]", true), ("$", true), ("$.a.length()", true), ("$.a[*]", false), ("$..a", false),
                      ("$.a[0,1]", false), ("$.a[0:1]", false), ("$.a[?@]", false)])
    func singularQueriesNameOneValue(query: String, singular: Bool) throws {
        #expect(try JSONPathQuery(query).isSingular == singular)
    }

    @Test func stringEscapesAreDecoded() throws {
        #expect(try select(#"$['a\'b', "c\"d", '\u00fc', "\uD83D\uDE00"]"#, in: #"{"a'b": 1, "c\"d": 2, "ü": 3, "😀": 4}"#) == ["1", "2", "3", "4"])
    }

    /// RFC 9535 §2.3.4.2.2, both directions and bounds beyond the array.
    @Test(arguments: [("$[1:3]", "[1,2]"), ("$[:2]", "[0,1]"), ("$[-2:]", "[3,4]"), ("$[3:0:-1]", "[3,2,1]"), ("$[::-2]", "[4,2,0]"),
                      ("$[-100:100]", "[0,1,2,3,4]"), ("$[100:-100:-1]", "[4,3,2,1,0]"), ("$[2:2]", "[]"), ("$[4:1]", "[]")])
    func slices(query: String, expected: String) throws {
        #expect("[" + (try select(query, in: "[0, 1, 2, 3, 4]")).joined(separator: ",") + "]" == expected, "\(query)")
    }
}

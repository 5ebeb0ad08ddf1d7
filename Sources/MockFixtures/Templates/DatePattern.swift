/// The form of `{{now.format(yyyy-MM-dd)}}`: date fields in the Unicode pattern letters
/// WireMock, Mockoon and `DateFormatter` use, written in UTC.
///
/// Fields: `yyyy` `yy` (year), `MMM` (`Nov`) `MM` `M` (month), `dd` `d` (day), `EEE` (`Thu`),
/// `HH` `H` (hour, 0–23), `mm` (minute), `ss` (second), `SSS` (millisecond). Other letters are
/// refused, so a typo (`YYYY`, `DD`) is a load error rather than a wrong date; text in single
/// quotes (`'T'`, `''` for a quote) and every other character are written as they are.
struct DatePattern: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        case field(Field)
    }

    enum Field: String, Sendable, Equatable, CaseIterable {
        case year4 = "yyyy", year2 = "yy", monthName = "MMM", month2 = "MM", month = "M", day2 = "dd", day = "d",
             weekday = "EEE", hour2 = "HH", hour = "H", minute2 = "mm", second2 = "ss", millisecond3 = "SSS"
    }

    let pieces: [Piece]

    static let fieldsHint = "the fields are " + Field.allCases.map(\.rawValue).joined(separator: " ")
        + ", in UTC; put other letters in single quotes, such as yyyy-MM-dd'T'HH:mm"

    /// Parses the text inside `format(…)`; `shown` is the placeholder, for messages.
    static func parse(_ text: Substring, shown: String) -> Result<DatePattern, TemplateError> {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "'" {
                let after = text.index(after: index)
                if after < text.endIndex, text[after] == "'" {
                    literal.append("'")
                    index = text.index(after: after)
                    continue
                }
                // Quoted text up to the next lone quote; `''` inside it is a quote (`'o''clock'`).
                var cursor = after
                var closed = false
                while cursor < text.endIndex {
                    if text[cursor] == "'" {
                        let next = text.index(after: cursor)
                        if next < text.endIndex, text[next] == "'" {
                            literal.append("'")
                            cursor = text.index(after: next)
                            continue
                        }
                        closed = true
                        cursor = next
                        break
                    }
                    literal.append(text[cursor])
                    cursor = text.index(after: cursor)
                }
                guard closed else {
                    return .failure(TemplateError(message: "\(shown) has a ' that is not closed", hint: fieldsHint))
                }
                index = cursor
                continue
            }
            guard character.isASCII, character.isLetter else {
                literal.append(character)
                index = text.index(after: index)
                continue
            }
            let run = text[index...].prefix { $0 == character }
            guard let field = Field(rawValue: String(run)) else {
                return .failure(TemplateError(message: "\(shown) has \"\(run.prefix(8))\", which is not a date field", hint: fieldsHint))
            }
            flush()
            pieces.append(.field(field))
            index = run.endIndex
        }
        flush()
        guard pieces.contains(where: { if case .field = $0 { true } else { false } }) else {
            return .failure(TemplateError(message: "\(shown) has no date field", hint: fieldsHint))
        }
        return .success(DatePattern(pieces: pieces))
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]   // 1970-01-01 was a Thursday

    /// The time `milliseconds` after 1970, in UTC, in this form.
    func format(milliseconds: Int64) -> String {
        let (days, dayMilliseconds) = CivilDate.floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = CivilDate.from(daysSince1970: days)
        var text = ""
        for piece in pieces {
            switch piece {
            case .literal(let literal): text += literal
            case .field(let field):
                switch field {
                case .year4: text += Self.pad(year, 4)
                case .year2: text += Self.pad(CivilDate.floorDivision(year, 100).remainder, 2)
                case .monthName: text += Self.monthNames[Int(month - 1)]
                case .month2: text += Self.pad(month, 2)
                case .month: text += String(month)
                case .day2: text += Self.pad(day, 2)
                case .day: text += String(day)
                case .weekday: text += Self.weekdayNames[Int(CivilDate.floorDivision(days, 7).remainder)]
                case .hour2: text += Self.pad(dayMilliseconds / 3_600_000, 2)
                case .hour: text += String(dayMilliseconds / 3_600_000)
                case .minute2: text += Self.pad(dayMilliseconds / 60_000 % 60, 2)
                case .second2: text += Self.pad(dayMilliseconds / 1_000 % 60, 2)
                case .millisecond3: text += Self.pad(dayMilliseconds % 1_000, 3)
                }
            }
        }
        return text
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

/// RFC 9110 `token` (method and header names): visible ASCII except separators.
enum HTTPTokenCheck {
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && !#"()<>@,;:\"/[]?={}"#.utf8.contains(byte)
        }
    }
}

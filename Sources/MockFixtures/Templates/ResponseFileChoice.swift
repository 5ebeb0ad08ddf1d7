/// The files a templated `responseFile` (`"files/{{path.id}}.json"`) chooses among: each read and
/// compiled at load, so a request only renders the path and looks it up. A class: a body is
/// copied with its entry on every request.
final class ResponseFileChoice: Sendable {
    /// As written, for messages.
    let written: String
    let path: TemplateText
    /// By path relative to the root; each compiled as a templated `responseFile` is.
    let bodies: [String: ResponseTemplate.Body]
    /// Each file's type from its extension, when the entry sets no `Content-Type` itself.
    let contentTypes: [String: String]

    init(written: String, path: TemplateText, bodies: [String: ResponseTemplate.Body], contentTypes: [String: String]) {
        self.written = written
        self.path = path
        self.bodies = bodies
        self.contentTypes = contentTypes
    }

    /// The files it chooses among, in path order.
    var files: [String] { bodies.keys.sorted() }
}

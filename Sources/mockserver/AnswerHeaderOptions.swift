import ArgumentParser
import MockFixtures

/// `--response-header 'Name: value'`: headers for every answer (Mockoon's environment headers).
struct AnswerHeaderOptions: ParsableArguments {
    @Option(name: .customLong("response-header"),
            help: ArgumentHelp("Add this header to every answer that does not set it itself (fixtures, static files, resources, 404s, CORS preflights; not admin or forwarded answers), e.g. 'X-Powered-By: mockserver'. Repeat for more.",
                               valueName: "Name: value"))
    var responseHeaders: [String] = []

    func validate() throws {
        _ = try answerHeaders()
    }

    /// The parsed headers; a `ValidationError` (exit 64) naming the flag and the value otherwise.
    func answerHeaders() throws -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        for line in responseHeaders {
            let header: HTTPHeader
            do {
                header = try HTTPHeader(parsingAnswerHeader: line)
            } catch {
                throw ValidationError("--response-header '\(line)': \(error.message); \(error.hint).")
            }
            if headers.contains(where: { $0.name.lowercased() == header.name.lowercased() }) {
                throw ValidationError("--response-header '\(line)': \(header.name) is given twice; give each header once.")
            }
            headers.append(header)
        }
        let bytes = HTTPHeader.lineBytes(headers)
        guard bytes <= MockEngineOptions.maximumAnswerHeaderBytes else {
            throw ValidationError("--response-header: the headers take \(bytes) bytes, more than the \(MockEngineOptions.maximumAnswerHeaderBytes) added to every answer can take beside a large request's head; shorten them.")
        }
        return headers
    }
}

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JSONSession {
    /// Turns a description into the exact request to send: URL, headers, body, timeout.
    /// The one builder behind ``JSONRequest``, ``Endpoint`` and ``HTTPRequest``.
    func build<ErrorResponse>(_ description: RequestDescription, errorType: ErrorResponse.Type = ErrorResponse.self) throws(RequestError<ErrorResponse>) -> OutgoingRequest {
        let method = description.method
        guard method.isValidToken else {
            throw RequestError(
                .invalidRequest("the method \"\(method.rawValue)\" is not a valid HTTP token; use letters such as PURGE"),
                method: method,
                url: nil
            )
        }
        let url = try makeURL(path: description.path, query: description.query, method: method, errorType: ErrorResponse.self)
        let timeout = description.timeout ?? environment.timeout ?? self.timeout
        guard timeout > 0, !timeout.isNaN else {
            let source = description.timeout != nil ? "the request's timeout" : environment.timeout != nil ? "APIEnvironment.timeout (\(environment.name))" : "JSONSession.timeout"
            throw RequestError(
                .invalidRequest("\(source) is \(timeout); set it to a number of seconds greater than zero"),
                method: method,
                url: url
            )
        }
        var body: (data: Data, contentType: String)?
        if let requestBody = description.body {
            if method.forbidsBody {
                throw RequestError(
                    .invalidRequest("\(method.rawValue) requests cannot carry a body; \(description.bodyHint)"),
                    method: method,
                    url: url
                )
            }
            do {
                body = try requestBody.encoded(with: self)
            } catch {
                throw RequestError(.encoding("\(error)"), method: method, url: url)
            }
        }
        let headers = try mergedHeaders(description, contentType: body?.contentType, url: url, errorType: ErrorResponse.self)

        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = method.rawValue
        urlRequest.timeoutInterval = Self.transportTimeout(forDeadline: timeout)
        if let cachePolicy = description.cachePolicy ?? environment.cachePolicy {
            urlRequest.cachePolicy = cachePolicy
        }
        urlRequest.httpBody = body?.data
        for header in headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        var accepted: AcceptedMediaTypes?
        if description.validatesContentType, let acceptHeader = headers.first(where: { $0.name.lowercased() == "accept" }) {
            accepted = AcceptedMediaTypes(acceptHeader: acceptHeader.value, defaultTypes: description.accepts)
        }
        return OutgoingRequest(
            method: method,
            urlRequest: urlRequest,
            headers: headers,
            body: body?.data,
            acceptedMediaTypes: accepted,
            timeout: timeout,
            redirectPolicy: description.redirectPolicy ?? redirectPolicy,
            pathForTracing: description.pathTemplate ?? description.path,
            hasPathTemplate: description.pathTemplate != nil
        )
    }

    /// The `URLRequest` timeout, a minute beyond the client's own deadline: the deadline must be
    /// the only timer that ends a request, because Linux URLSession cuts `timeoutInterval` to whole
    /// seconds (0.5 s fires at once, 1.5 s after one second).
    static func transportTimeout(forDeadline seconds: TimeInterval) -> TimeInterval {
        min(seconds + 60, maximumDeadlineSeconds)
    }

    /// Appends `path` to the base URL's path (never replacing it) and adds the query.
    func makeURL<ErrorResponse>(path: String, query: [(name: String, value: String?)], method: HTTPMethod, errorType: ErrorResponse.Type) throws(RequestError<ErrorResponse>) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
              let scheme = components.scheme, !scheme.isEmpty,
              let host = components.host, !host.isEmpty
        else {
            throw RequestError(
                .invalidRequest("the base URL \"\(baseURL.absoluteString)\" of environment \"\(environment.name)\" is not an absolute URL; use a form like https://api.example.com/v2"),
                method: method,
                url: nil
            )
        }
        components.fragment = nil

        if path.isEmpty {
            // No path: the base URL itself, with "/" standing in for an empty path.
            if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        } else {
            // `..` would climb out of the base URL's path where the URL is resolved (Linux
            // URLSession does; Apple's and servers differ), so "appended, never replacing" would
            // hold on one platform only. Such a path is refused, the same everywhere.
            if let dots = path.split(separator: "/", omittingEmptySubsequences: false).first(where: { $0 == "." || $0 == ".." }) {
                throw RequestError(
                    .invalidRequest("the path \"\(path)\" has a '\(dots)' segment, which some platforms resolve and others send as written; give the path below the base URL \"\(baseURL.absoluteString)\" without dot segments, or change the base URL"),
                    method: method,
                    url: nil
                )
            }
            var basePath = components.percentEncodedPath
            while basePath.hasSuffix("/") { basePath.removeLast() }
            let relativePath = PercentEncoding.encodePath(String(path.drop { $0 == "/" }))
            components.percentEncodedPath = basePath + "/" + relativePath
        }

        let encodedParameters = PercentEncoding.encodeQuery(query)
        let existingQuery = components.percentEncodedQuery ?? ""
        let fullQuery = [existingQuery, encodedParameters].filter { !$0.isEmpty }.joined(separator: "&")
        components.percentEncodedQuery = fullQuery.isEmpty ? nil : fullQuery

        guard let url = components.url else {
            throw RequestError(
                .invalidRequest("could not form a URL from base \"\(baseURL.absoluteString)\" and path \"\(path)\""),
                method: method,
                url: nil
            )
        }
        return url
    }

    /// Defaults (Accept, the body's Content-Type), then environment headers, session headers,
    /// `authToken`, then request headers; later sources replace earlier ones of the same name,
    /// compared case-insensitively.
    private func mergedHeaders<ErrorResponse>(
        _ description: RequestDescription,
        contentType: String?,
        url: URL,
        errorType: ErrorResponse.Type
    ) throws(RequestError<ErrorResponse>) -> [(name: String, value: String)] {
        var merged: [String: (name: String, value: String)] = [:]
        func set(_ name: String, _ value: String) {
            merged[name.lowercased()] = (name, value)
        }
        if let accepts = description.accepts, !accepts.mediaTypes.isEmpty {
            set("Accept", accepts.headerValue)
        }
        if let contentType {
            set("Content-Type", contentType)
        }
        for (name, value) in environment.headers.sorted(by: { $0.key < $1.key }) {
            set(name, value)
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            set(name, value)
        }
        if let authorization = AuthorizationValue.make(from: authToken) {
            set("Authorization", authorization)
        }
        for (name, value) in description.headers.sorted(by: { $0.key < $1.key }) {
            set(name, value)
        }
        let ordered = merged.sorted { $0.key < $1.key }.map(\.value)
        for header in ordered {
            guard HTTPToken.isValidName(header.name) else {
                throw RequestError(
                    .invalidRequest("the header name \"\(header.name)\" contains characters not allowed in HTTP header names"),
                    method: description.method,
                    url: url
                )
            }
            guard HTTPToken.isValidValue(header.value) else {
                throw RequestError(
                    .invalidRequest("the value of header \"\(header.name)\" contains a line break or NUL; remove it"),
                    method: description.method,
                    url: url
                )
            }
        }
        return ordered
    }
}

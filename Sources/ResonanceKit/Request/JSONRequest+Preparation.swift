import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JSONRequest {
    func prepare(parameters: [String: String]) throws(RequestError<ErrorResponse>) -> OutgoingRequest {
        if method.sendsParametersInQuery || parameters.isEmpty {
            return try build(query: parameters, body: nil)
        }
        let body: Data
        do {
            body = try session.makeEncoder().encode(parameters)
        } catch {
            throw RequestError(.encoding("\(error)"), method: method, url: nil)
        }
        return try build(query: [:], body: body)
    }

    func prepare(body value: some Encodable, parameters: [String: String]) throws(RequestError<ErrorResponse>) -> OutgoingRequest {
        if method.forbidsBody {
            throw RequestError(
                .invalidRequest("\(method.rawValue) requests cannot carry a body; use perform(parameters:) to send a query string"),
                method: method,
                url: nil
            )
        }
        let body: Data
        do {
            body = try session.makeEncoder().encode(value)
        } catch {
            throw RequestError(.encoding("\(type(of: value)): \(error)"), method: method, url: nil)
        }
        return try build(query: parameters, body: body)
    }

    private func build(query: [String: String], body: Data?) throws(RequestError<ErrorResponse>) -> OutgoingRequest {
        guard method.isValidToken else {
            throw RequestError(
                .invalidRequest("the method \"\(method.rawValue)\" is not a valid HTTP token; use letters such as PURGE"),
                method: method,
                url: nil
            )
        }
        let url = try makeURL(query: query)
        guard session.timeout > 0, !session.timeout.isNaN else {
            throw RequestError(
                .invalidRequest("JSONSession.timeout is \(session.timeout); set it to a number of seconds greater than zero"),
                method: method,
                url: url
            )
        }
        let headers = try mergedHeaders(hasBody: body != nil, url: url)

        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = method.rawValue
        urlRequest.timeoutInterval = min(session.timeout, maximumDeadlineSeconds)
        urlRequest.httpBody = body
        for header in headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        return OutgoingRequest(urlRequest: urlRequest, headers: headers, body: body)
    }

    /// Appends `path` to the base URL's path (never replacing it) and adds the sorted query.
    private func makeURL(query: [String: String]) throws(RequestError<ErrorResponse>) -> URL {
        let baseURL = session.baseURL
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
              let scheme = components.scheme, !scheme.isEmpty,
              let host = components.host, !host.isEmpty
        else {
            throw RequestError(
                .invalidRequest("JSONSession.baseURL \"\(baseURL.absoluteString)\" is not an absolute URL; use a form like https://api.example.com/v2"),
                method: method,
                url: nil
            )
        }
        components.fragment = nil

        if path.isEmpty {
            // No path: the base URL itself, with "/" standing in for an empty path.
            if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        } else {
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

    /// Defaults, then session headers, then `authToken`, then request headers; later sources
    /// replace earlier ones of the same name, compared case-insensitively.
    private func mergedHeaders(hasBody: Bool, url: URL) throws(RequestError<ErrorResponse>) -> [(name: String, value: String)] {
        var merged: [String: (name: String, value: String)] = [:]
        func set(_ name: String, _ value: String) {
            merged[name.lowercased()] = (name, value)
        }
        set("Accept", "application/json")
        if hasBody {
            set("Content-Type", "application/json")
        }
        for (name, value) in session.headers.sorted(by: { $0.key < $1.key }) {
            set(name, value)
        }
        if let authorization = AuthorizationValue.make(from: session.authToken) {
            set("Authorization", authorization)
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            set(name, value)
        }
        let ordered = merged.sorted { $0.key < $1.key }.map(\.value)
        for header in ordered {
            guard HTTPToken.isValidName(header.name) else {
                throw RequestError(
                    .invalidRequest("the header name \"\(header.name)\" contains characters not allowed in HTTP header names"),
                    method: method,
                    url: url
                )
            }
            guard HTTPToken.isValidValue(header.value) else {
                throw RequestError(
                    .invalidRequest("the value of header \"\(header.name)\" contains a line break or NUL; remove it"),
                    method: method,
                    url: url
                )
            }
        }
        return ordered
    }
}

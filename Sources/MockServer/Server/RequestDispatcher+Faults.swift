import MockFixtures

extension RequestDispatcher {
    /// Sends an answer whose entry asks for a network fault or a slow body (`fault`,
    /// `bytesPerSecond`), once the request is fully received and its delay is over. Returns
    /// false to have libmicrohttpd close the connection without answering.
    ///
    /// - `connectionReset`: nothing is sent; the connection is reset (RST). curl: exit 56. So
    ///   are `notConnectedToInternet`, `cannotFindHost`, `cannotConnectToHost` and
    ///   `secureConnectionFailed`, which `FixtureTransport` raises as those `URLError`s.
    /// - `emptyResponse`: nothing is sent; the connection is closed normally (FIN). curl: exit 52.
    /// - `truncatedBody`: the status line and headers with the full `Content-Length`, half the
    ///   body (rounded down), then the connection is closed. curl: exit 18. A HEAD request, which
    ///   gets no body, is answered normally.
    /// - `bytesPerSecond`: the body at that rate (with `truncatedBody`, the half that is sent),
    ///   see ``PacedBodyReader``.
    func sendUnderNetworkConditions(_ response: MockResponse, for request: RequestContext, on connection: MHDConnection) -> Bool {
        request.fault = response.fault
        switch response.fault {
        case .connectionReset?, .notConnectedToInternet?, .cannotFindHost?, .cannotConnectToHost?, .secureConnectionFailed?:
            // The client-side errors (offline, no such host, …) are raised exactly only in-process;
            // on a socket the nearest is a reset.
            connection.resetTCPConnection()
            MHDPlannedClose.announce()
            return false
        case .emptyResponse?:
            MHDPlannedClose.announce()
            return false
        case .truncatedBody?, nil:
            break
        }
        let body = response.body
        let reader = PacedBodyReader(
            body: body,
            sentCount: response.fault?.bytesSent(ofBodyCount: body.count) ?? body.count,
            bytesPerSecond: response.bytesPerSecond,
            connection: connection,
            suspensions: suspensions
        )
        let built = MHDResponse.streaming(
            length: body.count,
            blockSize: reader.blockSize,
            reader: reader,
            headers: response.headers.lazy.map { ($0.name, $0.value) },
            refused: headerRefusalWarning(for: request, response)
        )
        guard let built else {
            logger.warning("dropped connection: libmicrohttpd could not allocate the answer to \(request.method ?? "-") \(request.rawTarget)")
            return false
        }
        defer { built.destroy() }
        return connection.queue(built, status: response.status)
    }
}

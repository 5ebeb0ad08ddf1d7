import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension AsyncHTTPClientTransport {
    /// AsyncHTTPClient's and SwiftNIO's errors as the `URLError`s URLSession would give, so
    /// ``RetryPolicy`` retries the same failures and ``TransportFailure`` describes them the same
    /// way whatever the transport. The original error is kept under `NSUnderlyingErrorKey`.
    static func translate(_ error: any Error, limit: Int) -> any Error {
        switch error {
        case is CancellationError, is URLError, is AsyncHTTPClientTransportError:
            return error
        case is NIOTooManyBytesError:
            return AsyncHTTPClientTransportError.responseBodyTooLarge(limit: limit)
        case let clientError as HTTPClientError:
            return translate(clientError)
        case let parserError as HTTPParserError where parserError == .invalidEOFState:
            // The connection closed in the middle of the response (a body cut short before its
            // Content-Length): lost, as Apple's URLSession reports it (-1005).
            return urlError(.networkConnectionLost, underlying: error)
        case let connectionError as NIOConnectionError:
            if connectionError.connectionErrors.isEmpty, connectionError.dnsAError != nil || connectionError.dnsAAAAError != nil {
                return urlError(.cannotFindHost, underlying: error)
            }
            return urlError(.cannotConnectToHost, underlying: error)
        case let ioError as IOError:
            return urlError(code(forErrno: ioError.errnoCode), underlying: error)
        case let channelError as ChannelError:
            switch channelError {
            case .connectTimeout: return urlError(.cannotConnectToHost, underlying: error)
            case .ioOnClosedChannel, .eof, .outputClosed, .alreadyClosed: return urlError(.networkConnectionLost, underlying: error)
            default: return urlError(.unknown, underlying: error)
            }
        default:
            // TLS errors come from swift-nio-ssl (NIOSSLError, BoringSSLError), a module this
            // product does not import just to name them.
            if String(reflecting: type(of: error)).contains("SSL") {
                return urlError(.secureConnectionFailed, underlying: error)
            }
            return urlError(.unknown, underlying: error)
        }
    }

    private static func translate(_ error: HTTPClientError) -> any Error {
        switch error {
        case .cancelled:
            return CancellationError()
        case .alreadyShutdown:
            return AsyncHTTPClientTransportError.shutDown
        case .remoteConnectionClosed, .bodyLengthMismatch:
            return urlError(.networkConnectionLost, underlying: error)
        case .connectTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            return urlError(.cannotConnectToHost, underlying: error)
        case .readTimeout, .writeTimeout, .deadlineExceeded:
            return urlError(.timedOut, underlying: error)
        case .invalidURL, .emptyHost, .emptyScheme, .unsupportedScheme(""), .missingSocketPath:
            return urlError(.badURL, underlying: error)
        case .tlsHandshakeTimeout:
            return urlError(.secureConnectionFailed, underlying: error)
        default:
            return urlError(.unknown, underlying: error)
        }
    }

    private static func code(forErrno errno: CInt) -> URLError.Code {
        switch errno {
        case ECONNREFUSED: .cannotConnectToHost
        case ECONNRESET, EPIPE, ECONNABORTED: .networkConnectionLost
        case ETIMEDOUT: .timedOut
        case ENETUNREACH, EHOSTUNREACH: .cannotConnectToHost
        default: .unknown
        }
    }

    private static func urlError(_ code: URLError.Code, underlying: any Error) -> URLError {
        URLError(code, userInfo: [NSUnderlyingErrorKey: underlying as NSError, NSLocalizedDescriptionKey: "\(underlying)"])
    }
}

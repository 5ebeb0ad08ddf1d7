import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches the bytes at a URL once and serves repeats from an ``LRUCache``.
///
/// Concurrent requests for the same URL share a single download. Failures are not cached, so
/// the next request tries again. Cancelling one caller's task ends only that caller's wait;
/// the download continues for the others (and fills the cache).
///
/// ```swift
/// let loader = DataLoader()
/// let avatar = try await loader.data(from: URL(string: "http://127.0.0.1:8080/images/luke.png")!)
/// ```
public actor DataLoader {
    /// A process-wide loader with a 64 MiB cache on the shared transport.
    public static let shared = DataLoader()

    /// The cache, keyed by URL and costed in bytes. Safe to inspect or clear from anywhere.
    public nonisolated let cache: LRUCache<URL, Data>

    private let transport: any HTTPTransport
    private let timeout: TimeInterval
    private var waitersByURL: [URL: [UInt64: CheckedContinuation<Data, any Error>]] = [:]
    private var nextWaiterID: UInt64 = 0

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - transport: What performs the downloads.
    ///   - cache: Where finished downloads are kept; defaults to 64 MiB.
    ///   - timeout: Seconds a download may take before failing with ``DataLoaderError/timeout(_:_:)``;
    ///     zero, negative or NaN falls back to 60.
    public init(
        transport: any HTTPTransport = URLSessionTransport.shared,
        cache: LRUCache<URL, Data> = LRUCache(totalCostLimit: 64 * 1024 * 1024),
        timeout: TimeInterval = 60
    ) {
        self.transport = transport
        self.cache = cache
        self.timeout = timeout > 0 ? timeout : 60  // NaN fails the comparison too
    }

    /// The bytes at `url`, from the cache or from a download shared with concurrent callers.
    public func data(from url: URL) async throws(DataLoaderError) -> Data {
        if let cached = cache.value(forKey: url) {
            return cached
        }
        if Task.isCancelled {
            throw .cancelled(url)
        }
        let waiterID = nextWaiterID
        nextWaiterID += 1
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    addWaiter(waiterID, for: url, continuation: continuation)
                }
            } onCancel: {
                Task { await self.cancelWaiter(waiterID, for: url) }
            }
        } catch let error as DataLoaderError {
            throw error
        } catch {
            throw .transport(url, error)
        }
    }

    private func addWaiter(_ id: UInt64, for url: URL, continuation: CheckedContinuation<Data, any Error>) {
        if waitersByURL[url] != nil {
            waitersByURL[url]?[id] = continuation
            return
        }
        waitersByURL[url] = [id: continuation]
        let transport = transport
        let timeout = timeout
        // Unstructured so that no single caller's cancellation reaches the shared download.
        Task {
            let result = await Self.download(url, transport: transport, timeout: timeout)
            self.finish(url, with: result)
        }
    }

    private func cancelWaiter(_ id: UInt64, for url: URL) {
        guard let continuation = waitersByURL[url]?.removeValue(forKey: id) else { return }
        continuation.resume(throwing: DataLoaderError.cancelled(url))
    }

    private func finish(_ url: URL, with result: Result<Data, DataLoaderError>) {
        if case .success(let data) = result {
            cache.setValue(data, forKey: url, cost: data.count)
        }
        let waiters = waitersByURL.removeValue(forKey: url) ?? [:]
        for continuation in waiters.values {
            continuation.resume(with: result.mapError { $0 as any Error })
        }
    }

    private static func download(_ url: URL, transport: any HTTPTransport, timeout: TimeInterval) async -> Result<Data, DataLoaderError> {
        let request = URLRequest(url: url, timeoutInterval: min(timeout, maximumDeadlineSeconds))
        do {
            let (data, response) = try await transport.send(request, deadlineSeconds: timeout)
            guard (200..<300).contains(response.statusCode) else {
                return .failure(.httpStatus(url, response.statusCode))
            }
            return .success(data)
        } catch is DeadlineExceeded {
            return .failure(.timeout(url, timeout))
        } catch let error as URLError where error.code == .timedOut {
            return .failure(.timeout(url, timeout))
        } catch {
            return .failure(.transport(url, error))
        }
    }
}

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches the bytes at a URL once and serves repeats from an ``LRUCache``.
///
/// Concurrent requests for the same URL share a single download. Failures are not cached, so
/// the next request tries again. Cancelling one caller's task ends only that caller's wait;
/// the download continues for the others (and fills the cache). When every caller waiting for a
/// URL has cancelled (a list scrolled past its images), the download itself is cancelled.
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
    private var downloads: [URL: Download] = [:]
    private var nextWaiterID: UInt64 = 0
    private var nextDownloadID: UInt64 = 0

    /// One download in flight and the callers waiting for it.
    private struct Download {
        let id: UInt64
        var waiters: [UInt64: CheckedContinuation<Data, any Error>]
        var task: Task<Void, Never>?
    }

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

    /// How many callers wait for the download of `url` now; 0 when none is running. For tests
    /// that must know every caller has joined a download before they act.
    package func waiterCount(for url: URL) -> Int {
        downloads[url]?.waiters.count ?? 0
    }

    private func addWaiter(_ id: UInt64, for url: URL, continuation: CheckedContinuation<Data, any Error>) {
        if downloads[url] != nil {
            downloads[url]?.waiters[id] = continuation
            return
        }
        let downloadID = nextDownloadID
        nextDownloadID += 1
        downloads[url] = Download(id: downloadID, waiters: [id: continuation])
        let transport = transport
        let timeout = timeout
        // Unstructured so that no single caller's cancellation reaches the shared download.
        downloads[url]?.task = Task {
            let result = await Self.download(url, transport: transport, timeout: timeout)
            self.finish(url, downloadID: downloadID, with: result)
        }
    }

    private func cancelWaiter(_ id: UInt64, for url: URL) {
        guard let continuation = downloads[url]?.waiters.removeValue(forKey: id) else { return }
        continuation.resume(throwing: DataLoaderError.cancelled(url))
        if let download = downloads[url], download.waiters.isEmpty {
            // Nobody wants these bytes any more; a later caller starts a fresh download.
            download.task?.cancel()
            downloads[url] = nil
        }
    }

    private func finish(_ url: URL, downloadID: UInt64, with result: Result<Data, DataLoaderError>) {
        if case .success(let data) = result {
            cache.setValue(data, forKey: url, cost: data.count)
        }
        // A cancelled download may finish after a newer one for the same URL has started.
        guard let download = downloads[url], download.id == downloadID else { return }
        downloads[url] = nil
        for continuation in download.waiters.values {
            continuation.resume(with: result.mapError { $0 as any Error })
        }
    }

    private static func download(_ url: URL, transport: any HTTPTransport, timeout: TimeInterval) async -> Result<Data, DataLoaderError> {
        // The loader's deadline is the only timer: Linux URLSession cuts `timeoutInterval` to whole seconds.
        let request = URLRequest(url: url, timeoutInterval: JSONSession.transportTimeout(forDeadline: timeout))
        let deadline = ContinuousClock.now.advanced(by: .seconds(min(max(timeout, 0), maximumDeadlineSeconds)))
        do {
            let hop = try await transport.exchangeFollowingRedirects(request, policy: .follow, deadline: deadline)
            let status = hop.exchange.head.statusCode
            guard (200..<300).contains(status) else {
                return .failure(.httpStatus(url, status))
            }
            return .success(hop.exchange.body)
        } catch {
            switch error.underlying {
            case is DeadlineExceeded:
                return .failure(.timeout(url, timeout))
            case let urlError as URLError where urlError.code == .timedOut:
                return .failure(.timeout(url, timeout))
            default:
                return .failure(.transport(url, error.underlying))
            }
        }
    }
}

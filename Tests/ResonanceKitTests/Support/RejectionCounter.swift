import Foundation
import ResonanceKit
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts the 401s it is asked about and leaves the decision to the interceptors after it: put
/// before an `AuthenticationInterceptor`, it counts each request just before that one asks its
/// token store for a new token, so a test can hold a refresh until every request is waiting for it.
struct RejectionCounter: RequestInterceptor {
    let rejected: LockedCounter

    func retry(_ request: URLRequest, after outcome: AttemptOutcome, context: RetryContext) async -> RetryDecision {
        if outcome.statusCode == 401 {
            rejected.increment()
        }
        return .doNotRetry
    }
}

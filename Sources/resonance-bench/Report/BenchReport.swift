import Foundation

/// The Markdown report: one row per client, the first client being the baseline of the ratio.
///
/// ```swift
/// print(BenchReport(title: "...", details: ["..."], summaries: summaries).markdown)
/// ```
struct BenchReport: Sendable {
    let title: String
    let details: [String]
    let summaries: [ClientSummary]

    var markdown: String {
        var lines = ["## \(title)", ""]
        lines += details.map { "- \($0)" }
        lines += [
            "",
            "| Client | req/s median | min | max | p50 ms | p99 ms | Failures | Ratio |",
            "|---|---:|---:|---:|---:|---:|---:|---|",
        ]
        let baseline = summaries.first?.medianRequestsPerSecond ?? 0
        for (index, summary) in summaries.enumerated() {
            let ratio = index == 0
                ? "baseline"
                : (baseline > 0 ? "\(Self.fixed(summary.medianRequestsPerSecond / baseline, digits: 2))× baseline" : "n/a")
            lines.append(
                "| \(summary.name) | \(Self.whole(summary.medianRequestsPerSecond)) | "
                    + "\(Self.whole(summary.minRequestsPerSecond)) | \(Self.whole(summary.maxRequestsPerSecond)) | "
                    + "\(Self.fixed(summary.p50Milliseconds, digits: 2)) | \(Self.fixed(summary.p99Milliseconds, digits: 2)) | "
                    + "\(summary.failures) | \(ratio) |"
            )
        }
        for summary in summaries {
            if let failure = summary.firstFailure {
                lines += ["", "First failure of \(summary.name): \(failure)"]
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func whole(_ value: Double) -> String {
        Int(value.rounded()).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }

    private static func fixed(_ value: Double, digits: Int) -> String {
        value.formatted(.number.precision(.fractionLength(digits)).locale(Locale(identifier: "en_US")))
    }
}

-- wrk `done` hook shared by every benchmark run: prints one machine-readable line that
-- bench-server.sh parses. wrk records latencies in microseconds; they are printed as such.
function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    "BENCH_RESULT requests=%d duration_us=%d rps=%.1f p50_us=%.0f p99_us=%.0f max_us=%.0f"
      .. " errors_connect=%d errors_read=%d errors_write=%d errors_status=%d errors_timeout=%d bytes=%d\n",
    summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99), latency.max,
    errors.connect, errors.read, errors.write, errors.status, errors.timeout, summary.bytes))
end

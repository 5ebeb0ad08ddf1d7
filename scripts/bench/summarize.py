#!/usr/bin/env python3
"""Turns bench-server.sh's raw runs into the Markdown report: throughput and latency per
scenario and server (median, min, max over the interleaved rounds, with the load average the runs
started under), start-up and memory per server, CPU time per request with pinned servers,
mockserver's memory and slow-client latency, instructions per request under callgrind, and the
project's targets with a verdict each."""
import argparse
import csv
import statistics
import sys

SCENARIO_TITLES = {
    "small": "small JSON GET ({bytes} B)",
    "large": "large JSON GET ({bytes} B)",
    "post": "POST, body selects 1 of 10 entries (~{bytes} B)",
    "template": "templated GET `/bench/people/7` (`\"template\": true`, `{{{{path.id}}}}`, {bytes} B)",
    "pathparam": "path parameter `/bench/items/7` (`{{id}}.json`, prebuilt, {bytes} B)",
    "tree": "deep literal path `/tree/a9/b9/c9/item-9` ({bytes} B)",
    "treeparam": "templated folder `/tree/a9/b9/c2/7/detail` (`c2/{{id}}/detail.json`, {bytes} B)",
}
SCENARIO_ORDER = ["small", "large", "post", "template", "pathparam", "tree", "treeparam"]
SERVER_TITLES = {
    "mockserver": "mockserver",
    "mockserver-nojournal": "mockserver `--journal-size 0`",
    "nginx": "nginx (static file)",
    "wiremock": "WireMock",
    "mockserver-tree10": "mockserver, tree of 10 files + 1 templated folder",
    "mockserver-tree10k": "mockserver, tree of 10,000 files + 300 templated folders",
}
SERVER_ORDER = ["mockserver", "mockserver-nojournal", "nginx", "wiremock", "mockserver-tree10", "mockserver-tree10k"]
# Scenarios whose rows compare against mockserver's own prebuilt small GET.
AGAINST_SMALL = ("template", "pathparam")
# Instructions per request under callgrind: row key, title, and the row it is compared with.
CALLGRIND_ROWS = [
    ("small", "small JSON GET, journal on (default)", None),
    ("small-nojournal", "small JSON GET, `--journal-size 0`", None),
    ("template", "templated GET `/bench/people/7`", "small"),
    ("pathparam", "path parameter `/bench/items/7`", "small"),
    ("tree10", "deep literal path, tree of 10 files + 1 templated folder", None),
    ("tree10k", "deep literal path, tree of 10,000 files + 300 templated folders", "tree10"),
    ("treeparam10", "templated folder path, tree of 10 files + 1 templated folder", None),
    ("treeparam10k", "templated folder path, tree of 10,000 files + 300 templated folders", "treeparam10"),
]


def read_tsv(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def read_meta(path):
    meta = {}
    with open(path) as handle:
        for line in handle:
            key, _, value = line.rstrip("\n").partition("=")
            meta[key] = value
    return meta


class Row:
    """The measured runs of one server in one scenario."""

    def __init__(self, runs):
        self.rps = [float(run["rps"]) for run in runs]
        self.p50 = statistics.median(float(run["p50_us"]) for run in runs) / 1000
        self.p99 = statistics.median(float(run["p99_us"]) for run in runs) / 1000
        self.errors = sum(int(run["errors"]) for run in runs)
        self.requests = sum(int(run["requests"]) for run in runs)
        loads = [float(run["load1"]) for run in runs if run.get("load1")]
        self.load = statistics.median(loads) if loads else None

    @property
    def median(self):
        return statistics.median(self.rps)


def ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator.median == 0:
        return None
    return numerator.median / denominator.median


def times(value):
    return "n/a (not measured)" if value is None else f"{value:.2f}×"


def verdict(passed, *rows):
    if any(row is None for row in rows):
        return "not measured"
    if any(row.errors for row in rows):
        return "invalid (errors during the run)"
    return "PASS" if passed else "MISS"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    for name in ("meta", "results", "servers", "checks"):
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--cpu", help="per-run CPU ticks of the pinned servers (optional)")
    parser.add_argument("--efficiency", help="memory and slow-client measures (optional)")
    parser.add_argument("--callgrind", help="instruction counts per row (optional)")
    parser.add_argument("--clock-ticks", type=int, default=100, help="clock ticks per second (getconf CLK_TCK)")
    arguments = parser.parse_args()
    meta = read_meta(arguments.meta)
    runs = read_tsv(arguments.results)
    servers = {row["server"]: row for row in read_tsv(arguments.servers)}
    checks = {(row["scenario"], row["server"]): row["check"] for row in read_tsv(arguments.checks)}
    if not runs:
        sys.exit("error: no measured runs in " + arguments.results)

    rows = {}
    for scenario in SCENARIO_ORDER:
        for server in SERVER_ORDER:
            selected = [run for run in runs if run["scenario"] == scenario and run["server"] == server]
            if selected:
                rows[(scenario, server)] = Row(selected)

    def row(scenario, server):
        return rows.get((scenario, server))

    out = []
    title = "Server benchmark" + (" — SMOKE RUN (--quick): rough numbers only" if meta.get("quick") == "1" else "")
    out.append(f"## {title}\n")
    out.append(f"- Date: {meta.get('date')}, commit `{meta.get('commit')}`")
    out.append(f"- Machine: {meta.get('cpu')}; load average {meta.get('load_start')} before, "
               f"{meta.get('load_end')} after")
    out.append(f"- Load: {meta.get('wrk')}; wrk on the same machine, 127.0.0.1")
    for key, label in (("mockserver", "mockserver"), ("nginx", "nginx"), ("wiremock", "WireMock")):
        if key in meta:
            out.append(f"- {label}: {meta[key]}")
    out.append("")
    out.append("| Scenario | Server | req/s median | min | max | p50 ms | p99 ms | Ratio | Errors | Body check | Load (1 min) |")
    out.append("|---|---|---:|---:|---:|---:|---:|---|---:|---|---:|")
    for scenario in SCENARIO_ORDER:
        scenario_title = SCENARIO_TITLES[scenario].format(bytes=meta.get(f"bytes_{scenario}", "?"))
        servers_in_scenario = [server for server in SERVER_ORDER if row(scenario, server)]
        if scenario == "post" and row("small", "nginx"):
            servers_in_scenario.insert(1, "nginx")
        for server in servers_in_scenario:
            measured = row(scenario, server)
            if measured is None:
                out.append(f"| {scenario_title} | {SERVER_TITLES[server]} | n/a | | | | | "
                           "n/a: nginx cannot choose a response by request body | | | |")
                continue
            if scenario in ("tree", "treeparam"):
                base = row(scenario, "mockserver-tree10")
                note = "baseline" if server == "mockserver-tree10" else f"{times(ratio(measured, base))} the 10-file tree"
            elif scenario in AGAINST_SMALL:
                note = f"{times(ratio(measured, row('small', 'mockserver')))} mockserver's prebuilt small GET"
            elif server == "mockserver-nojournal":
                note = f"journal on / off = {times(ratio(row(scenario, 'mockserver'), measured))}"
            elif scenario == "post":
                base = row("post", "wiremock")
                note = "baseline" if server == "wiremock" else f"{times(ratio(measured, base))} WireMock"
            else:
                nginx = row(scenario, "nginx")
                if server == "nginx":
                    note = "baseline"
                else:
                    note = f"{times(ratio(measured, nginx))} nginx"
                    if server == "mockserver" and row(scenario, "wiremock"):
                        note += f", {times(ratio(measured, row(scenario, 'wiremock')))} WireMock"
            out.append(
                f"| {scenario_title} | {SERVER_TITLES[server]} | {measured.median:,.0f} | {min(measured.rps):,.0f} | "
                f"{max(measured.rps):,.0f} | {measured.p50:.2f} | {measured.p99:.2f} | {note} | "
                f"{measured.errors} | {checks.get((scenario, server), 'not checked')} | "
                f"{'' if measured.load is None else f'{measured.load:.2f}'} |")
    out.append("")

    out.append("| Server | Start-up to first 200 (ms) | RSS at start (MiB) | RSS after the runs (MiB) |")
    out.append("|---|---:|---:|---:|")
    for server in SERVER_ORDER:
        if server in servers:
            info = servers[server]
            out.append(f"| {SERVER_TITLES[server]} | {info['startup_ms']} | {int(info['rss_start_kib']) / 1024:.1f} | "
                       f"{int(info['rss_kib']) / 1024:.1f} |")
    out.append("")
    out.append("Load (1 min) is the median over the rounds of the 1-minute load average as each run started. "
               "RSS (VmRSS, includes shared-library pages) of nginx is the master plus its two workers; "
               "\"at start\" is right after the first 200. Start-up is measured from the fork to the first 200 "
               "on the scenario URL, polling with curl every ~2 ms (a few ms of granularity).")
    out.append("")

    out.append("| Target | Measured | Verdict |")
    out.append("|---|---|---|")
    small_ms, small_nginx = row("small", "mockserver"), row("small", "nginx")
    value = ratio(small_ms, small_nginx)
    out.append(f"| mockserver ≥ 1.0× nginx, small GET | {times(value)} | "
               f"{verdict(value is not None and value >= 1.0, small_ms, small_nginx)} |")
    for scenario in ("small", "large", "post"):
        mock, wiremock = row(scenario, "mockserver"), row(scenario, "wiremock")
        value = ratio(mock, wiremock)
        label = SCENARIO_TITLES[scenario].split(" (")[0]
        out.append(f"| mockserver ≥ 10× WireMock, {label} | {times(value)} | "
                   f"{verdict(value is not None and value >= 10, mock, wiremock)} |")
    journal_on, journal_off = row("small", "mockserver"), row("small", "mockserver-nojournal")
    value = ratio(journal_on, journal_off)
    out.append(f"| journal on ≥ 0.9× `--journal-size 0`, small GET | {times(value)} | "
               f"{verdict(value is not None and value >= 0.9, journal_on, journal_off)} |")
    templated, prebuilt = row("template", "mockserver"), row("small", "mockserver")
    value = ratio(templated, prebuilt)
    out.append(f"| templated GET ≥ 0.5× the prebuilt small GET | {times(value)} | "
               f"{verdict(value is not None and value >= 0.5, templated, prebuilt)} |")
    for scenario, label in (("tree", "deep literal path"), ("treeparam", "templated folder")):
        many, few = row(scenario, "mockserver-tree10k"), row(scenario, "mockserver-tree10")
        value = ratio(many, few)
        out.append(f"| 10,000-file tree with 300 templated folders ≥ 0.9× the 10-file tree, {label} | {times(value)} | "
                   f"{verdict(value is not None and value >= 0.9, many, few)} |")
    for server in ("mockserver", "mockserver-tree10k"):
        if server in servers:
            startup = int(servers[server]["startup_ms"])
            out.append(f"| start-up < 1 s, {SERVER_TITLES[server]} | {startup} ms | "
                       f"{'PASS' if startup < 1000 else 'MISS'} |")
    if "mockserver" in servers:
        rss = int(servers["mockserver"]["rss_kib"]) / 1024
        out.append(f"| RSS < 30 MB, mockserver with the small root | {rss:.1f} MiB | {'PASS' if rss < 30 else 'MISS'} |")
    cpu_rows = read_tsv(arguments.cpu) if arguments.cpu else []
    efficiency = {row["measure"]: row["value"] for row in read_tsv(arguments.efficiency)} if arguments.efficiency else {}
    cpu = cpu_per_request(cpu_rows, arguments.clock_ticks)
    if cpu.get("mockserver") and cpu.get("nginx-memory"):
        value = cpu["nginx-memory"]["median"] / cpu["mockserver"]["median"]
        errors = cpu["nginx-memory"]["errors"] + cpu["mockserver"]["errors"]
        passed = "invalid (errors during the run)" if errors else ("PASS" if value >= 1.2 else "MISS")
        ceiling = ""
        if cpu.get("floor"):
            ceiling = (f"; the socket floor, which does no HTTP work, reaches "
                       f"{cpu['nginx-memory']['median'] / cpu['floor']['median']:.2f}")
        out.append(f"| mockserver CPU per request ≤ 0.83× nginx from memory (nginx / mockserver ≥ 1.2) | "
                   f"{value:.2f} ({cpu['mockserver']['median']:.2f} µs vs {cpu['nginx-memory']['median']:.2f} µs{ceiling}) | {passed} |")
    if "rss_loaded_kib" in efficiency:
        megabytes = int(efficiency["rss_loaded_kib"]) * 1024 / 1e6
        out.append(f"| RSS < 20 MB after loading Mocks/ | {megabytes:.1f} MB | {'PASS' if megabytes < 20 else 'MISS'} |")
    if "rss_256_connections_kib" in efficiency:
        megabytes = int(efficiency["rss_256_connections_kib"]) * 1024 / 1e6
        out.append(f"| RSS < 32 MB under 256 keep-alive connections | {megabytes:.1f} MB | {'PASS' if megabytes < 32 else 'MISS'} |")
    if "stop_ms" in efficiency:
        stop = int(efficiency["stop_ms"])
        out.append(f"| exit within 2 s of SIGTERM with a request parked on a delay | {stop} ms | {'PASS' if stop < 2000 else 'MISS'} |")
    slow = parse_pairs(efficiency.get("slow", ""))
    if slow:
        clean = slow["failures"] == "0" and slow["held"] == slow["clients"]
        passed = "PASS" if clean and float(slow["max_ms"]) <= 100 else "MISS"
        out.append(f"| normal requests answered within 100 ms while {slow['clients']} clients trickle heads | "
                   f"max {slow['max_ms']} ms over {slow['probes']} requests, {slow['failures']} failed | {passed} |")
    if cpu or efficiency:
        out.extend(efficiency_tables(cpu, efficiency, slow))
    callgrind = read_tsv(arguments.callgrind) if arguments.callgrind else []
    if callgrind:
        out.extend(callgrind_table(callgrind))
    bad_checks = [f"{server}/{scenario}" for (scenario, server), check in checks.items() if check != "ok"]
    if bad_checks:
        out.append("")
        out.append("**Warning:** these servers did not answer with the expected bytes, so their rows do not "
                   "compare like with like: " + ", ".join(bad_checks))
    print("\n".join(out))


CPU_TITLES = {
    "mockserver": "mockserver `--threads 1`",
    "nginx-memory": "nginx `worker_processes 1`, `return 200` from memory",
    "nginx-static": "nginx `worker_processes 1`, static file",
    "floor": "socket floor (`scripts/bench/socket_floor.c`: one recv, one send of prebuilt bytes, no HTTP)",
}


CPU_SHORT = {"mockserver": "mockserver", "nginx-memory": "nginx from memory", "nginx-static": "nginx static file"}


def cpu_per_request(rows, clock_ticks):
    """Per pinned server: median, min and max microseconds of CPU per request over the rounds."""
    result = {}
    for server in CPU_TITLES:
        runs = [row for row in rows if row["server"] == server and int(row["requests"]) > 0]
        if not runs:
            continue
        values = [int(row["cpu_ticks"]) / clock_ticks * 1e6 / int(row["requests"]) for row in runs]
        result[server] = {
            "median": statistics.median(values), "min": min(values), "max": max(values),
            "requests": statistics.median(int(row["requests"]) for row in runs),
            "errors": sum(int(row["errors"]) for row in runs), "rounds": len(runs),
        }
    return result


def callgrind_table(rows):
    per_request = {}
    for entry in rows:
        requests = int(entry["many"]) - int(entry["few"])
        per_request[entry["row"]] = (int(entry["instructions_many"]) - int(entry["instructions_few"])) / requests
    out = ["", "### Instructions per request (callgrind)", "",
           "`valgrind --tool=callgrind` on a stripped copy of the release binary, `--threads 1`, "
           "`SWIFT_DETERMINISTIC_HASHING=1`; curl sends "
           f"{rows[0]['few']} and then {rows[0]['many']} keep-alive GETs in two runs, and the difference in "
           "the server's total instructions is divided by the difference in requests, so start-up and "
           "loading cancel out. Unlike req/s, these do not depend on what else the machine runs "
           "(repeated runs agree within a few hundred instructions).", "",
           "| Request | Instructions / request | Ratio |", "|---|---:|---|"]
    titles = {key: title for key, title, _ in CALLGRIND_ROWS}
    for key, title, base in CALLGRIND_ROWS:
        if key not in per_request:
            continue
        value = per_request[key]
        note = ""
        if key == "small" and "small-nojournal" in per_request:
            note = f"{value - per_request['small-nojournal']:+,.0f} for the journal"
        elif base and base in per_request:
            note = f"{value / per_request[base]:.2f}× the instructions of: {titles[base]}"
        out.append(f"| {title} | {value:,.0f} | {note} |")
    return out


def parse_pairs(text):
    return dict(pair.split("=", 1) for pair in text.split() if "=" in pair)


def efficiency_tables(cpu, efficiency, slow):
    out = [""]
    if cpu:
        out.append("### CPU per request (small JSON GET)")
        out.append("")
        out.append("Each server pinned to core 0 (`taskset -c 0`) with one worker; `taskset -c 1 wrk -t1 -c32`; CPU time is "
                   "utime + stime of the server's processes from `/proc/PID/stat` over each run, divided by the requests "
                   "it served. The ratio is nginx-from-memory's CPU per request over that server's. The socket floor "
                   "only receives and sends: its CPU per request is the kernel's loopback TCP cost every server pays, "
                   "and its ratio is the most any server can reach against nginx on this machine.")
        out.append("")
        out.append("| Server | µs CPU / request, median | min | max | requests per run | Errors | Ratio |")
        out.append("|---|---:|---:|---:|---:|---:|---|")
        base = cpu.get("nginx-memory")
        for server, title in CPU_TITLES.items():
            if server not in cpu:
                continue
            row = cpu[server]
            note = "baseline" if server == "nginx-memory" else (
                f"nginx from memory / this = {base['median'] / row['median']:.2f}" if base else "")
            out.append(f"| {title} | {row['median']:.2f} | {row['min']:.2f} | {row['max']:.2f} | "
                       f"{row['requests']:,.0f} | {row['errors']} | {note} |")
        floor = cpu.get("floor")
        if floor:
            out.append("")
            out.append("Above the floor (CPU per request minus the socket floor's: the server's own work): "
                       + ", ".join(f"{CPU_SHORT[server]} {cpu[server]['median'] - floor['median']:.2f} µs"
                                   for server in CPU_TITLES if server in cpu and server != "floor") + ".")
        out.append("")
    if efficiency:
        out.append("### mockserver memory and slow clients")
        out.append("")
        out.append("| Measure | Value |")
        out.append("|---|---:|")
        if "rss_loaded_kib" in efficiency:
            out.append(f"| RSS after loading Mocks/ (VmRSS) | {int(efficiency['rss_loaded_kib']) / 1024:.1f} MiB |")
        if "rss_256_connections_kib" in efficiency:
            out.append(f"| peak RSS under `wrk -t2 -c256` (keep-alive), sampled every 0.1 s | "
                       f"{int(efficiency['rss_256_connections_kib']) / 1024:.1f} MiB |")
        if slow:
            out.append(f"| slow clients opened / still held at the end | {slow['opened']} / {slow['held']} |")
            out.append(f"| normal GETs (fresh connection each) during the trickle | {slow['probes']}, {slow['failures']} failed |")
            out.append(f"| their latency p50 / p99 / max | {slow['p50_ms']} / {slow['p99_ms']} / {slow['max_ms']} ms |")
        out.append("")
    return out


if __name__ == "__main__":
    main()

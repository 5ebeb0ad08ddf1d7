#!/usr/bin/env python3
"""Writes the benchmark fixtures: one set of response bodies, served identically by mockserver
(fixture files), nginx (static files) and WireMock (stub mappings).

Bodies are compact JSON with sorted keys, ASCII only and no characters that a JSON writer may
escape differently ('/', control characters), so a server that re-serialises the fixture's
`response` value in file order produces exactly these bytes. bench-server.sh checks that.

Layout under OUT:
  bodies/                 the expected bytes of every scenario's response
  mockserver/main/        bench/small.json, bench/large.json, bench/select.json,
                          bench/people/{id}.json (templated: the small page plus "id": "{{path.id}}"),
                          bench/items/{id}.json (a path parameter, the small page prebuilt)
  mockserver/tree10/      10 fixture files; the deep one is tree/a9/b9/c9/item-9.json; plus one
                          templated folder, tree/a9/b9/c2/{id}/detail.json
  mockserver/tree10k/     10,000 fixture files (10 x 10 x 10 folders x 10 files), same deep file, plus
                          300 templated folders tree/aA/bB/cC/{id}/detail.json (C = 0, 1, 2)
  nginx/html/bench/       small, large (static files; nginx's default_type is application/json)
  wiremock/mappings/      one stub per GET scenario, ten equalToJson stubs for the POST scenario
"""
import argparse
import json
import os
import sys

SMALL_TARGET_BYTES = 1024
LARGE_TARGET_BYTES = 1024 * 1024
SELECT_COUNT = 10
TREE_FANOUT = 10  # folders per level and files per leaf folder: 10 * 10 * 10 * 10 = 10,000 files
DEEP_SEGMENTS = ("tree", "a9", "b9", "c9", "item-9")
TEMPLATED_FOLDER_LEVELS = 3  # c0, c1 and c2 get a {id} folder: 10 * 10 * 3 = 300 in the big tree
PARAMETER_VALUE = "7"  # the {id} of the templated and path-parameter requests


def compact(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=True)


def person(number):
    return {
        "active": number % 2 == 0,
        "address": {"city": "Springfield", "street": f"{number} Main Street", "zip": f"{10000 + number}"},
        "email": f"person{number}@example.com",
        "id": number,
        "name": f"Person {number:06d}",
        "scores": [number % 7, number % 11, number % 13],
        "tags": ["alpha", "beta", "gamma"],
    }


def page_of_people(target_bytes, first_number=0):
    """A {"count", "results"} page with as many people as needed to reach target_bytes."""
    people = []
    while True:
        people.append(person(first_number + len(people)))
        value = {"count": len(people), "results": people}
        if len(compact(value)) >= target_bytes:
            return value


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="ascii") as handle:
        handle.write(data)


def fixture(entries):
    return compact(entries)


def get_entry(response):
    return {"method": "GET", "response": response, "status": 200}


def wiremock_stub(method, url, body, json_body=None):
    request = {"method": method, "url": url}
    if json_body is not None:
        request["bodyPatterns"] = [{"equalToJson": json_body}]
    return {"request": request,
            "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": body}}


def write_tree(root, deep_body, fanout_levels):
    """Writes TREE_FANOUT files per leaf folder under the folders fanout_levels allows."""
    count = 0
    ranges = [range(TREE_FANOUT) if spread else [TREE_FANOUT - 1] for spread in fanout_levels]
    for a in ranges[0]:
        for b in ranges[1]:
            for c in ranges[2]:
                for item in range(TREE_FANOUT):
                    segments = ("tree", f"a{a}", f"b{b}", f"c{c}", f"item-{item}")
                    body = deep_body if segments == DEEP_SEGMENTS else compact(person(count))
                    write(os.path.join(root, *segments[:-1], segments[-1] + ".json"),
                          fixture([get_entry(json.loads(body))]))
                    count += 1
    return count


def write_templated_folders(root, spread, deep_body):
    """Writes tree/aA/bB/cC/{id}/detail.json, serving the deep body, for C < TEMPLATED_FOLDER_LEVELS
    and every A and B when spread (else only a9/b9); returns how many folders."""
    count = 0
    outer = range(TREE_FANOUT) if spread else [TREE_FANOUT - 1]
    for a in outer:
        for b in outer:
            for c in range(TEMPLATED_FOLDER_LEVELS):
                if not spread and c != TEMPLATED_FOLDER_LEVELS - 1:
                    continue
                write(os.path.join(root, "tree", f"a{a}", f"b{b}", f"c{c}", "{id}", "detail.json"),
                      fixture([get_entry(json.loads(deep_body))]))
                count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", help="empty or new directory to write into")
    parser.add_argument("--skip-trees", action="store_true",
                        help="leave out the 10- and 10,000-file trees (the client benchmark needs none)")
    arguments = parser.parse_args()
    out = os.path.abspath(arguments.out)
    if os.path.exists(out) and os.listdir(out):
        sys.exit(f"error: {out} is not empty; give a new or empty directory for the fixtures")

    small = compact(page_of_people(SMALL_TARGET_BYTES))
    large = compact(page_of_people(LARGE_TARGET_BYTES))
    selections = [compact({"selected": id_, **page_of_people(SMALL_TARGET_BYTES, first_number=100 * id_)})
                  for id_ in range(SELECT_COUNT)]

    bodies = os.path.join(out, "bodies")
    write(os.path.join(bodies, "small.json"), small)
    write(os.path.join(bodies, "large.json"), large)
    for id_, body in enumerate(selections):
        write(os.path.join(bodies, f"select-{id_}.json"), body)
    write(os.path.join(bodies, "tree-deep.json"), small)
    # The templated answer: the small page with the path parameter added as "id" (keys sorted,
    # as the engine writes them in file order).
    small_value = json.loads(small)
    templated_value = {"count": small_value["count"], "id": "{{path.id}}", "results": small_value["results"]}
    assert list(templated_value) == sorted(templated_value)
    write(os.path.join(bodies, "template.json"), compact({**templated_value, "id": PARAMETER_VALUE}))
    write(os.path.join(bodies, "path-parameter.json"), small)

    main_root = os.path.join(out, "mockserver", "main", "bench")
    write(os.path.join(main_root, "small.json"), fixture([get_entry(json.loads(small))]))
    write(os.path.join(main_root, "large.json"), fixture([get_entry(json.loads(large))]))
    write(os.path.join(main_root, "select.json"), fixture([
        {"method": "POST", "request": {"id": id_}, "response": json.loads(body), "status": 200}
        for id_, body in enumerate(selections)]))
    write(os.path.join(main_root, "people", "{id}.json"),
          fixture([{"method": "GET", "template": True, "response": templated_value, "status": 200}]))
    write(os.path.join(main_root, "items", "{id}.json"), fixture([get_entry(json.loads(small))]))

    if not arguments.skip_trees:
        few = write_tree(os.path.join(out, "mockserver", "tree10"), small, (False, False, False))
        many = write_tree(os.path.join(out, "mockserver", "tree10k"), small, (True, True, True))
        assert (few, many) == (10, 10_000), (few, many)
        few = write_templated_folders(os.path.join(out, "mockserver", "tree10"), False, small)
        many = write_templated_folders(os.path.join(out, "mockserver", "tree10k"), True, small)
        assert (few, many) == (1, 300), (few, many)

    write(os.path.join(out, "nginx", "html", "bench", "small"), small)
    write(os.path.join(out, "nginx", "html", "bench", "large"), large)

    mappings = os.path.join(out, "wiremock", "mappings")
    write(os.path.join(mappings, "small.json"), json.dumps(wiremock_stub("GET", "/bench/small", small)))
    write(os.path.join(mappings, "large.json"), json.dumps(wiremock_stub("GET", "/bench/large", large)))
    for id_, body in enumerate(selections):
        write(os.path.join(mappings, f"select-{id_}.json"),
              json.dumps(wiremock_stub("POST", "/bench/select", body, json_body={"id": id_})))
    os.makedirs(os.path.join(out, "wiremock", "__files"), exist_ok=True)

    print(f"small={len(small)} large={len(large)} select={len(selections[0])} tree_deep={len(small)}")


if __name__ == "__main__":
    main()

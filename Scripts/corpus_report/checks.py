"""The four judgements of one operation. Each is ok, FAIL with a reason, or n/a with why it
could not be made: a check the report cannot make is never counted as passed.

- request: the first request of the run has the document's path with every path parameter
  filled with what was typed (no `{…}` left), the base path once, and every parameter the
  document marks required (query and header).
- answer (recorded answers only), read from the rows a person gets (a list: its CSV, the table's
  columns under their --fields names; a record: its JSON, nested objects as dotted names):
  exit 0, as many rows as the list a person wants has items,
  no cell holding a whole JSON list or object, and at least one column filled in every row.
- paging (recorded answers with a recorded next page): `--pages 2` sends the second request
  the API expects (its path and the query parameters that carry the page).
- offline: the operation run with two different values of one argument (the second answer
  differs from the first in every value), then `--offline` with each value prints the rows of
  that value's own answer.
"""
import csv
import io
import json
import re
import urllib.parse

from .loopback import Plan


class Check:
    def __init__(self, state, reason=""):
        self.state, self.reason = state, reason

    @classmethod
    def ok(cls, reason=""):
        return cls("ok", reason)

    @classmethod
    def fail(cls, reason):
        return cls("FAIL", reason)

    @classmethod
    def na(cls, reason):
        return cls("n/a", reason)

    def __str__(self):
        return self.state if not self.reason or self.state == "ok" else f"{self.state}: {self.reason}"


def expected_path(base, operation, sent):
    """The path the document gives the operation, under `base`, with the typed values filled in."""
    path = operation.template
    for name in operation.path_names():
        path = path.replace("{" + name + "}", urllib.parse.quote(str(sent.get(name, "")), safe=""))
    return base + path


def path_pattern(base, operation, sent, dates):
    """A pattern of the expected (decoded) path; a date typed as 2020-01-02 may be sent in any
    order of its parts and with any separator, since apicli sends a date as the document writes it."""
    pattern, rest = re.escape(base), operation.template
    for piece in re.split(r"(\{[^{}]+\})", rest):
        name = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
        if name is None:
            pattern += re.escape(piece)
        elif name in dates and re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(sent.get(name, ""))):
            year, month, day = str(sent[name]).split("-")
            forms = [f"{year}{{s}}{month}{{s}}{day}", f"{day}{{s}}{month}{{s}}{year}", f"{month}{{s}}{day}{{s}}{year}"]
            pattern += "(?:" + "|".join(form.replace("{s}", "[-/. ]?") for form in forms) + ")"
        else:
            pattern += re.escape(str(sent.get(name, "")))
    return re.compile(pattern)


def request_check(run, requests, operation, base, sent, dates=()):
    if not requests:
        return Check.fail("no request sent: " + run.last_error())
    request = requests[0]
    path = urllib.parse.unquote(request.path)
    wanted = urllib.parse.unquote(expected_path(base, operation, sent))
    if not path_pattern(base, operation, sent, set(dates)).fullmatch(path):
        if "{" in path or "}" in path:
            return Check.fail(f"unfilled placeholder in {request.path}")
        if base and path.startswith(base + base):
            return Check.fail(f"base path twice: {request.path}")
        if base and not path.startswith(base + "/"):
            return Check.fail(f"base path missing: {request.path}")
        return Check.fail(f"path {request.path}, the document's is {wanted}")
    missing = [name for name in operation.required("query") if name not in request.query]
    missing += [name for name in operation.required("header") if name.lower() not in request.headers]
    if missing:
        return Check.fail("required parameter not sent: " + ", ".join(missing))
    return Check.ok()


def answer_check(run, want, shape, csv_rows=False):
    if run.code != 0:
        return Check.fail(f"exit {run.code}: {run.last_error()}")
    if csv_rows:
        rows = list(csv.DictReader(io.StringIO(run.stdout)))
    else:
        try:
            rows = [json.loads(line) for line in run.rows]
        except ValueError:
            return Check.fail("the output is not one JSON object a line")
    if len(rows) != want:
        return Check.fail(f"{len(rows)} rows, a person wants {want}")
    cells = [flatten(row) if shape == "record" else row for row in rows if isinstance(row, dict)]
    for row in cells:
        for name, value in row.items():
            if name != "id" and holds_json(value):
                return Check.fail(f"the '{name}' cell holds a whole JSON {'list' if is_list(value) else 'object'}")
    names = {name for row in cells for name in row if name != "id"}
    if not any(all(filled(row.get(name)) for row in cells) for name in names):
        return Check.fail("no column is filled in every row")
    return Check.ok()


def flatten(record, prefix=""):
    """A record as the table shows it: nested objects as dotted names."""
    out = {}
    for name, value in record.items():
        if isinstance(value, dict) and value:
            out.update(flatten(value, f"{prefix}{name}."))
        else:
            out[f"{prefix}{name}"] = value
    return out


def is_list(value):
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return False
    return isinstance(value, list)


def holds_json(value):
    if isinstance(value, str) and value[:1] in "[{":
        try:
            value = json.loads(value)
        except ValueError:
            return False
    if isinstance(value, dict):
        return bool(value)
    if isinstance(value, list):
        return any(isinstance(item, (dict, list)) for item in value)
    return False


def filled(value):
    return value not in (None, "", [], {})


def paging_check(binary, env, api, command, recorded, shown, run_apicli):
    if not shown.get("paging"):
        return Check.fail("apicli does not page this operation")
    bodies = [recorded.body(n) for n in range(len(recorded.pages))]
    links = [recorded.link(n) for n in range(len(recorded.pages))]
    start = api.begin(Plan(bodies, links=links, origin=recorded.origin))
    run = run_apicli(binary, command.argv("a") + ["--pages", "2", "--refresh", "--format", "ndjson"], env)
    requests = api.since(start)
    if len(requests) < 2:
        return Check.fail(f"{len(requests)} request(s): {run.last_error()}")
    second = requests[1]
    path, query = recorded.second
    if urllib.parse.unquote(second.path) != path:
        return Check.fail(f"second request {second.target[:100]}")
    for name, value in query.items():
        if second.query.get(name, [None])[-1] != value:
            return Check.fail(f"second request {second.target[:100]} (wants {name}={value})")
    return Check.ok()


def offline_check(binary, env, api, command, first, plan, run_apicli):
    if command.vary is None:
        return Check.na("no argument to vary")
    if first.code != 0:
        return Check.na("the online run failed")
    try:
        other = [json.dumps(changed(json.loads(body))).encode() for body in plan.bodies]
    except ValueError:
        return Check.na("the answer is not JSON")
    api.begin(Plan(other, media=plan.media, links=plan.links, origin=plan.origin))
    second = run_apicli(binary, command.argv("b") + ["--format", "ndjson"], env)
    if second.code != 0:
        return Check.na(f"the second online run failed: {second.last_error()}")
    if sorted(first.rows) == sorted(second.rows):
        return Check.na("both answers print the same rows")
    if repeats_a_row(first.rows) or repeats_a_row(second.rows):
        # A store keeps one item per id: an answer that repeats one cannot come back whole.
        return Check.na("the answer repeats an item")
    for slot, online, other_rows in (("a", first, second), ("b", second, first)):
        offline = run_apicli(binary, command.argv(slot) + ["--offline", "--format", "ndjson"], env)
        label = "first" if slot == "a" else "second"
        if offline.code != 0:
            return Check.fail(f"--offline for the {label} value: {offline.last_error()}")
        if sorted(offline.rows) != sorted(online.rows):
            if sorted(offline.rows) == sorted(other_rows.rows):
                return Check.fail(f"--offline for the {label} value shows the other value's answer")
            return Check.fail(f"--offline for the {label} value: {len(offline.rows)} rows, online {len(online.rows)}")
    return Check.ok()


def repeats_a_row(rows):
    ids = []
    for line in rows:
        try:
            row = json.loads(line)
        except ValueError:
            continue
        ids.append(json.dumps(row.get("id"), sort_keys=True) if isinstance(row, dict) and "id" in row else line)
    return len(set(ids)) < len(ids)


def changed(value):
    """`value` with every string and number changed, so that no row of it equals one of the original."""
    if isinstance(value, dict):
        return {name: changed(item) for name, item in value.items()}
    if isinstance(value, list):
        return [changed(item) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value + 1000
    if isinstance(value, float):
        return value + 0.5
    return value + "-b"

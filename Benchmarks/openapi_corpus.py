#!/usr/bin/env python3
"""Describes the OpenAPI corpus of issue 20 and, with --apicli, what an apicli binary imports from it.

    openapi_corpus.py [--corpus DIR] [--apicli PATH] [--json FILE] [--reasons N]

For each document in Tests/Fixtures/real/openapi-corpus (or --corpus DIR) it prints:
format, version, size, the number of GET operations, how many have path
parameters and how many more than one, the servers the GET operations resolve
to (absolute, relative, missing, with variables), the security schemes by type,
and the shapes of the GET operations' 200 answers (a bare array, an object with
an array of objects somewhere, parallel arrays such as Open-Meteo's
hourly.time[] / hourly.temperature_2m[], a plain object, or unknown). Totals
follow the table.

With --apicli PATH it also imports each document the way a user would, each in
its own temporary XDG_CONFIG_HOME (and HOME, XDG_DATA_HOME, XDG_CACHE_HOME,
XDG_STATE_HOME, APICLI_DB), with no APICLI_* or key variables inherited:
`apicli provider add corpusN --openapi FILE`, then
`apicli provider show corpusN --format json`, counting its `operations` array
(a provider file without one counts as one operation). An importer that still
insists on --operation (exit 64 naming --operation, as apicli did before issue
20) is driven one GET operation at a time with `--operation ID-or-'GET /path'`,
each in a fresh folder, so the figures stay comparable. Every operation left out
is counted under its one-line reason (the importer's last stderr line, with the
document path removed). The importer is never pointed at a URL and makes no
network request here.

YAML: PyYAML is used when it is installed. Without it the YAML documents are
listed as not read and every total counts the JSON documents only (the script
says so). Only the Python 3 standard library is needed otherwise.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(ROOT, "Tests", "Fixtures", "real", "openapi-corpus")

try:
    import yaml  # PyYAML, optional: without it only JSON documents are counted
except ImportError:  # pragma: no cover - depends on the machine
    yaml = None

if yaml is not None:
    class RedefinableAnchors(yaml.SafeLoader):
        """SafeLoader that lets a later anchor of the same name replace the earlier one (YAML 1.2)."""

        def compose_node(self, parent, index):
            event = self.peek_event()
            if not isinstance(event, yaml.AliasEvent) and getattr(event, "anchor", None) is not None:
                self.anchors.pop(event.anchor, None)
            return super().compose_node(parent, index)


SHAPES = ["array", "object+array", "parallel", "object", "unknown"]
SCALARS = {"string", "number", "integer", "boolean"}
# Parallel arrays: an object below the top with two or more arrays of scalars, one of them
# a time axis (Open-Meteo's hourly.time[] beside hourly.temperature_2m[]). Without the time
# axis, two arrays of strings (Stripe's verification_fields.company) are not items.
TIME_KEYS = {"time", "times", "date", "dates", "timestamp", "timestamps", "dt"}
MAX_DEPTH = 12  # $ref chains and nesting followed at most this deep


def load(path):
    """The parsed document and its format, or (None, format, reason)."""
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("utf-8-sig", errors="replace")
    try:
        return json.loads(text), "JSON", None
    except ValueError:
        pass
    if yaml is None:
        return None, "YAML", "not read: PyYAML is not installed"
    fast = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when PyYAML was built with it
    try:
        return yaml.load(text, Loader=fast), "YAML", None
    except yaml.composer.ComposerError as error:
        if "found duplicate anchor" not in str(error):
            return None, "YAML", "YAML error: " + " ".join(str(error).split())
    except yaml.YAMLError as error:
        return None, "YAML", "YAML error: " + " ".join(str(error).split())
    try:  # YAML 1.2 lets an anchor be defined again (an alias means the latest); PyYAML refuses by default
        return yaml.load(text, Loader=RedefinableAnchors), "YAML", None
    except yaml.YAMLError as error:
        return None, "YAML", "YAML error: " + " ".join(str(error).split())


def version(doc):
    if not isinstance(doc, dict):
        return "?"
    if "swagger" in doc:
        return "Swagger " + str(doc["swagger"])
    return "OpenAPI " + str(doc.get("openapi", "?"))


class Resolver:
    """Follows internal $refs (JSON pointers) with a depth bound; external ones are reported."""

    def __init__(self, doc):
        self.doc = doc

    def deref(self, node, depth=0):
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and depth < MAX_DEPTH:
            ref = node["$ref"]
            if not ref.startswith("#"):
                return {"x-external-ref": ref}
            node = self.pointer(ref[1:])
            depth += 1
        return node

    def pointer(self, path):
        node = self.doc
        for part in [p for p in path.split("/") if p != ""]:
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return None
        return node

    def flat(self, schema, depth=0):
        """The schema with $ref followed and allOf/oneOf/anyOf merged into one property set."""
        schema = self.deref(schema, depth)
        if not isinstance(schema, dict) or depth >= MAX_DEPTH:
            return schema if isinstance(schema, dict) else {}
        merged = dict(schema)
        properties = dict(schema.get("properties") or {})
        for key in ("allOf", "oneOf", "anyOf"):
            for part in schema.get(key) or []:
                part = self.flat(part, depth + 1)
                properties.update(part.get("properties") or {})
                for inherited in ("type", "items"):
                    if inherited in part and inherited not in merged:
                        merged[inherited] = part[inherited]
                if "x-external-ref" in part:
                    merged["x-external-ref"] = part["x-external-ref"]
        if properties:
            merged["properties"] = properties
        return merged


def kind(resolver, schema, depth):
    schema = resolver.flat(schema, depth)
    t = schema.get("type")
    if isinstance(t, list):  # OpenAPI 3.1: type: [array, "null"]
        t = next((x for x in t if x != "null"), None)
    if t is None and "properties" in schema:
        t = "object"
    if t is None and "items" in schema:
        t = "array"
    return t, schema


def shape(resolver, schema):
    """One of SHAPES for a 200 answer's schema."""
    if schema is None:
        return "unknown"
    t, flat = kind(resolver, schema, 0)
    if "x-external-ref" in flat and t is None:
        return "unknown"
    if t == "array":
        return "array"
    if t != "object":
        return "unknown"
    # Breadth first, as the importer searches: an array of objects anywhere below.
    queue, parallel, seen = [(flat, 0)], False, 0
    while queue and seen < 2000:
        node, depth = queue.pop(0)
        seen += 1
        scalar_arrays, timed = 0, False
        for key, value in (node.get("properties") or {}).items():
            vt, vflat = kind(resolver, value, depth + 1)
            if vt == "array":
                it, _ = kind(resolver, vflat.get("items") or {}, depth + 2)
                if it == "object":
                    return "object+array"
                if it in SCALARS or it is None:
                    scalar_arrays += 1
                    timed = timed or str(key).lower() in TIME_KEYS
            elif vt == "object" and depth < 4:
                queue.append((vflat, depth + 1))
        if depth > 0 and scalar_arrays >= 2 and timed:
            parallel = True
    return "parallel" if parallel else "object"


def ok_response(responses):
    if not isinstance(responses, dict):
        return None
    for code in ("200", 200):
        if code in responses:
            return responses[code]
    return None


def answer_schema(resolver, swagger, operation):
    response = resolver.deref(ok_response(operation.get("responses")))
    if not isinstance(response, dict):
        return None
    if swagger:
        return response.get("schema")
    content = response.get("content") or {}
    for media in sorted(content, key=lambda m: ("json" not in m, m)):
        if "json" in media or media == "*/*":
            return (content[media] or {}).get("schema")
    return None


def server_kind(urls):
    if not urls:
        return "missing"
    first = urls[0]
    label = "absolute" if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://|^\{[^}]+\}://", first) else "relative"
    return label + ("+vars" if any("{" in u for u in urls) else "")


def schemes(doc, swagger):
    found = doc.get("securityDefinitions") if swagger else (doc.get("components") or {}).get("securitySchemes")
    labels = []
    for scheme in (found or {}).values():
        scheme = Resolver(doc).deref(scheme)
        if not isinstance(scheme, dict):
            continue
        t = scheme.get("type", "?")
        if t == "apiKey":
            labels.append("apiKey:" + str(scheme.get("in", "?")))
        elif t == "http":
            labels.append("http:" + str(scheme.get("scheme", "?")).lower())
        else:
            labels.append(t)
    return sorted(set(labels))


def describe(path):
    doc, fmt, problem = load(path)
    info = {"file": os.path.basename(path), "format": fmt, "bytes": os.path.getsize(path), "problem": problem,
            "version": "?", "gets": [], "security": [], "servers": collections.Counter(),
            "shapes": collections.Counter()}
    if not isinstance(doc, dict):
        info["problem"] = problem or "not an object"
        return info
    swagger = "swagger" in doc
    resolver = Resolver(doc)
    info["version"] = version(doc)
    info["security"] = schemes(doc, swagger)
    if swagger:
        top = [] if not doc.get("host") else [f"{(doc.get('schemes') or ['https'])[0]}://{doc['host']}"]
    else:
        top = [s.get("url", "") for s in doc.get("servers") or [] if isinstance(s, dict)]
    for template, item in (doc.get("paths") or {}).items():
        item = resolver.deref(item)
        if not isinstance(item, dict) or not isinstance(item.get("get"), dict):
            continue
        operation = item["get"]
        names = re.findall(r"\{([^}]+)\}", str(template))
        urls = top if swagger else [s.get("url", "") for s in (operation.get("servers") or item.get("servers")
                                                                 or doc.get("servers") or []) if isinstance(s, dict)]
        servers = server_kind(urls)
        answer = shape(resolver, answer_schema(resolver, swagger, operation))
        info["gets"].append({"path": str(template), "operationId": operation.get("operationId"),
                             "pathParameters": len(set(names)), "servers": servers, "shape": answer})
        info["servers"][servers] += 1
        info["shapes"][answer] += 1
    return info


def clean_env(folder):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("APICLI_") and not k.endswith("_API_KEY") and not k.startswith("XDG_")}
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[name] = os.path.join(folder, name.lower())
    env["HOME"] = folder
    env["APICLI_DB"] = os.path.join(folder, "apicli.sqlite")
    return env


def reason(stderr, path):
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    text = lines[-1] if lines else "(no message)"
    text = text.replace(path, "FILE").replace(os.path.basename(path), "FILE")
    text = re.sub(r"^apicli: (error: )?", "", text)
    return re.sub(r"FILE:\d+: ", "FILE: ", text)


def cause(text):
    """A reason without its details (the parameter list, the conversion advice), to group by."""
    text = text.split(". Convert it first")[0]
    return re.sub(r"\s*\([^()]*\)$", "", text)


def run(apicli, args, env):
    return subprocess.run([apicli] + args, env=env, capture_output=True, text=True, timeout=120)


def imported_count(apicli, name, env):
    shown = run(apicli, ["provider", "show", name, "--format", "json"], env)
    if shown.returncode != 0:
        return 0
    try:
        provider = json.loads(shown.stdout)
    except ValueError:
        return 1
    operations = provider.get("operations") if isinstance(provider, dict) else None
    return len(operations) if isinstance(operations, list) else 1


def import_document(apicli, info, path, number):
    """Imported count and Counter of reasons for what was left out."""
    reasons = collections.Counter()
    name = f"corpus{number}"
    with tempfile.TemporaryDirectory(prefix="apicli-corpus-") as folder:
        env = clean_env(folder)
        whole = run(apicli, ["provider", "add", name, "--openapi", path], env)
        if whole.returncode == 0:
            count = imported_count(apicli, name, env)
            for line in whole.stderr.splitlines():  # one line per operation left out
                if line.strip() and not line.startswith("apicli: added"):
                    reasons[reason(line, path)] += 1
            missing = len(info["gets"]) - count - sum(reasons.values())
            if missing > 0:
                reasons["left out without a line of its own"] += missing
            return count, reasons, "whole"
        if not (whole.returncode == 64 and "--operation" in whole.stderr):
            reasons[reason(whole.stderr, path)] += len(info["gets"])
            return 0, reasons, "whole"
    count = 0  # today's importer: one operation per provider, named with --operation
    for get in info["gets"]:
        operation = get["operationId"] or "GET " + get["path"]
        with tempfile.TemporaryDirectory(prefix="apicli-corpus-") as folder:
            env = clean_env(folder)
            added = run(apicli, ["provider", "add", name, "--openapi", path, "--operation", operation], env)
            if added.returncode == 0:
                count += imported_count(apicli, name, env)
                get["imported"] = True
            else:
                get["imported"], get["reason"] = False, reason(added.stderr, path)
                reasons[get["reason"]] += 1
    return count, reasons, "per operation"


def short(counter, order=None, width=34):
    keys = order or sorted(counter, key=lambda k: -counter[k])
    text = " ".join(f"{k}:{counter[k]}" for k in keys if counter.get(k))
    return text if len(text) <= width else text[: width - 1] + "…"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=CORPUS, help="the folder of documents (default: the repository's corpus)")
    parser.add_argument("--apicli", help="an apicli binary: also import every document and count what imports")
    parser.add_argument("--json", help="also write the per-document figures to this file")
    parser.add_argument("--reasons", type=int, default=12, help="how many distinct refusal reasons to list")
    args = parser.parse_args()

    files = sorted(f for f in os.listdir(args.corpus) if re.search(r"\.(json|ya?ml)$", f))
    infos = [describe(os.path.join(args.corpus, f)) for f in files]
    if yaml is None:
        print("PyYAML is not installed: YAML documents are not read; every total counts the JSON documents only.\n")
    else:
        print(f"YAML read with PyYAML {getattr(yaml, '__version__', '?')}.\n")

    all_reasons = collections.Counter()
    if args.apicli:
        apicli = os.path.abspath(args.apicli)
        for number, info in enumerate(infos, 1):
            if info["problem"]:
                info["imported"], info["mode"] = None, "not read"
                continue
            count, reasons, mode = import_document(apicli, info, os.path.join(args.corpus, info["file"]), number)
            info["imported"], info["mode"] = count, mode
            info["reasons"] = dict(reasons)
            for text, count in reasons.items():
                all_reasons[cause(text)] += count

    header = f"{'document':38} {'fmt':4} {'version':13} {'KB':>6} {'GET':>4} {'path':>4} {'>1':>3}  " \
             f"{'servers':24} {'security':30} {'200 answers':44}"
    if args.apicli:
        header += f" {'imported':>8}"
    print(header)
    print("-" * len(header))
    totals = collections.Counter()
    servers, shapes, security = collections.Counter(), collections.Counter(), collections.Counter()
    for info in infos:
        gets = info["gets"]
        with_path = sum(1 for g in gets if g["pathParameters"] > 0)
        several = sum(1 for g in gets if g["pathParameters"] > 1)
        line = f"{info['file'][:38]:38} {info['format']:4} {info['version'][:13]:13} {info['bytes'] / 1024:6.0f} "
        if info["problem"]:
            print(line + f"{'-':>4}  {info['problem']}")
            continue
        totals.update(documents=1, gets=len(gets), with_path=with_path, several=several, bytes=info["bytes"])
        totals["json" if info["format"] == "JSON" else "yaml"] += 1
        totals[info["version"].split(".")[0] + ("." + info["version"].split(".")[1] if "." in info["version"] else "")] += 1
        servers.update(info["servers"])
        shapes.update(info["shapes"])
        security.update(info["security"])
        line += f"{len(gets):4} {with_path:4} {several:3}  {short(info['servers'], width=24):24} " \
                f"{(', '.join(info['security']) or 'none')[:30]:30} {short(info['shapes'], SHAPES, width=44):44}"
        if args.apicli:
            line += f" {info['imported']:8}"
            totals["imported"] += info["imported"]
        print(line)

    print()
    print(f"Documents: {totals['documents']} ({totals['json']} JSON, {totals['yaml']} YAML), "
          f"{totals['bytes'] / 1048576:.1f} MB; versions: "
          + ", ".join(f"{k} {v}" for k, v in sorted(totals.items()) if k.startswith(("Swagger", "OpenAPI"))))
    print(f"GET operations: {totals['gets']}; with path parameters: {totals['with_path']}; "
          f"with more than one: {totals['several']}")
    print("Servers of the GET operations: " + short(servers, width=200))
    print("Security schemes (documents declaring each): " + short(security, width=300))
    print("200 answers of the GET operations: " + short(shapes, SHAPES, width=200))
    if args.apicli and totals["gets"]:
        share = 100.0 * totals["imported"] / totals["gets"]
        print(f"\nImported by {args.apicli}: {totals['imported']} of {totals['gets']} GET operations ({share:.1f}%)")
        print("Left out, by cause (operations; --json FILE keeps each operation's own line):")
        for text, count in all_reasons.most_common(args.reasons):
            print(f"  {count:5}  {text[:150]}")
        if len(all_reasons) > args.reasons:
            rest = sum(c for _, c in all_reasons.most_common()[args.reasons:])
            print(f"  {rest:5}  ({len(all_reasons) - args.reasons} other reasons; --reasons N lists more)")
    if args.apicli:
        print("\nWhat the importer did, document by document (each distinct line, with how many operations got it):")
        for info in infos:
            if info["problem"]:
                print(f"  {info['file']}: not read ({info['problem']})")
                continue
            print(f"  {info['file']}: {info['imported']} of {len(info['gets'])} GET operations imported ({info['mode']})")
            for text, count in sorted(info["reasons"].items(), key=lambda r: -r[1]):
                print(f"      {count:4} × {text[:160]}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(infos, f, indent=2, default=dict)
    return 0


if __name__ == "__main__":
    sys.exit(main())

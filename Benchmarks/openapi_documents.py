"""What one OpenAPI document holds, for Benchmarks/openapi_corpus.py: its format and
version, its GET operations with their path parameters, servers and 200-answer shapes,
and its security schemes.

Read-only and offline: internal $refs are followed (bounded), external ones are only
named. YAML needs PyYAML (libyaml's parser when PyYAML has it); without PyYAML a YAML
document is reported as not read.
"""
import collections
import json
import os
import re

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

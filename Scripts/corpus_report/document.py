"""What an OpenAPI 3 or Swagger 2 document says about its GET operations, read independently of apicli.

The report judges apicli's requests against the document itself, not against apicli's own
reading of it, so it reads the document here: the server's base path, every GET operation with
its path parameters and required parameters (path-level and operation-level merged, `$ref`s
followed), and the answer the operation declares (its example, or one built from its schema).
"""
import json
import re
import urllib.parse

from .yaml_subset import load as load_yaml

PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
JSON_TYPES = ("application/json", "application/geo+json", "application/ld+json", "application/hal+json",
              "application/problem+json", "application/vnd.api+json")


class Document:
    def __init__(self, path):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        self.data = json.loads(text) if text.lstrip().startswith(("{", "[")) else load_yaml(text)
        if not isinstance(self.data, dict):
            raise ValueError("not an OpenAPI document (no mapping at the top)")
        self.swagger = str(self.data.get("swagger", "")).startswith("2")

    # References

    def resolve(self, node, seen=()):
        """`node` with a local `$ref` followed (chains too); other references are left as they are."""
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#"):
            ref = node["$ref"]
            if ref in seen:
                return {}
            seen = seen + (ref,)
            target = self.data
            for part in ref[2:].split("/") if len(ref) > 1 else []:
                part = urllib.parse.unquote(part).replace("~1", "/").replace("~0", "~")
                if isinstance(target, dict) and part in target:
                    target = target[part]
                elif isinstance(target, list) and part.isdigit() and int(part) < len(target):
                    target = target[int(part)]
                else:
                    return {}
            node = target
        return node

    # Servers

    def base_path(self):
        """The path part of the server the document names first ('' when it names none)."""
        if self.swagger:
            return (self.data.get("basePath") or "").rstrip("/")
        servers = self.data.get("servers") or []
        if not servers:
            for item in (self.data.get("paths") or {}).values():
                if isinstance(item, dict) and item.get("servers"):
                    servers = item["servers"]
                    break
        if not servers or not isinstance(servers[0], dict):
            return ""
        url = str(servers[0].get("url", ""))
        for name, variable in (servers[0].get("variables") or {}).items():
            url = url.replace("{" + name + "}", str((variable or {}).get("default", "")))
        if "://" not in url:
            url = "http://host" + ("" if url.startswith("/") else "/") + url
        parsed = urllib.parse.urlsplit(url)
        return parsed.path.rstrip("/")

    # Operations

    def get_operations(self):
        """Every GET operation, in document order, as an Operation."""
        found = []
        for template, item in (self.data.get("paths") or {}).items():
            item = self.resolve(item)
            if not isinstance(item, dict) or not isinstance(item.get("get"), dict):
                continue
            found.append(Operation(self, str(template), item, item["get"]))
        return found


class Operation:
    def __init__(self, document, template, item, operation):
        self.document, self.template, self.raw = document, template, operation
        self.operation_id = operation.get("operationId")
        merged = {}
        for parameter in list(item.get("parameters") or []) + list(operation.get("parameters") or []):
            parameter = document.resolve(parameter)
            if isinstance(parameter, dict) and parameter.get("name") is not None:
                merged[(str(parameter.get("in")), str(parameter["name"]))] = parameter
        self.parameters = merged

    @property
    def key(self):
        return f"GET {self.template}"

    def path_names(self):
        return PLACEHOLDER.findall(self.template)

    def required(self, location):
        """The names of the required parameters `in` that location (path parameters always are)."""
        return [name for (where, name), parameter in self.parameters.items()
                if where == location and (parameter.get("required") is True or where == "path")]

    def parameter(self, name, location=None):
        for (where, known), parameter in self.parameters.items():
            if known == name and (location is None or where == location):
                return parameter
        return None

    def schema_of(self, parameter):
        if parameter is None:
            return {}
        return self.document.resolve(parameter.get("schema") or parameter) if not self.document.swagger \
            else parameter

    # The declared answer

    def declared_answer(self):
        """(body, media type): the 200 answer's example, else one built from its schema; None without either."""
        responses = self.raw.get("responses") or {}
        response = None
        for code in ("200", 200, "201", "2XX", "default"):
            if code in responses:
                response = self.document.resolve(responses[code])
                break
        if not isinstance(response, dict):
            return None
        if self.document.swagger:
            examples = response.get("examples") or {}
            for media, example in examples.items():
                if "json" in str(media) and isinstance(example, (dict, list)):
                    return example, "application/json"
            schema = self.document.resolve(response.get("schema"))
            return (build(self.document, schema), "application/json") if schema else None
        content = response.get("content") or {}
        media = next((m for m in content if str(m).split(";")[0].strip() in JSON_TYPES), None) \
            or next((m for m in content if "json" in str(m)), None) \
            or next((m for m in content if str(m) in ("*/*", "application/*")), None)
        if media is None:
            return None
        entry = self.document.resolve(content[media]) or {}
        if isinstance(entry.get("example"), (dict, list)):
            return entry["example"], _json_media(media)
        for example in (entry.get("examples") or {}).values():
            example = self.document.resolve(example)
            if isinstance(example, dict) and isinstance(example.get("value"), (dict, list)):
                return example["value"], _json_media(media)
        schema = self.document.resolve(entry.get("schema"))
        if not schema:
            return None
        return build(self.document, schema), _json_media(media)


def _json_media(media):
    media = str(media).split(";")[0].strip()
    return media if "json" in media else "application/json"


def build(document, schema, depth=0, seen=()):
    """A small value that fits `schema`: its example where it gives one, else one of each property."""
    if isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
        if schema["$ref"] in seen or depth > 8:
            return None
        seen = seen + (schema["$ref"],)
    schema = document.resolve(schema)
    if not isinstance(schema, dict) or depth > 8:
        return None
    if "example" in schema and schema["example"] is not None:
        return schema["example"]
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return schema["examples"][0]
    for combiner in ("oneOf", "anyOf"):
        if schema.get(combiner):
            return build(document, schema[combiner][0], depth + 1, seen)
    if schema.get("allOf"):
        merged = {}
        for part in schema["allOf"]:
            value = build(document, part, depth + 1, seen)
            if isinstance(value, dict):
                merged.update(value)
        return merged
    if schema.get("enum"):
        return schema["enum"][0]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind == "array" or "items" in schema:
        item = build(document, schema.get("items") or {}, depth + 1, seen)
        return [] if item is None else [item]
    if kind == "object" or "properties" in schema or kind is None and "additionalProperties" in schema:
        value = {}
        for name, part in (schema.get("properties") or {}).items():
            value[name] = build(document, part, depth + 1, seen)
        extra = schema.get("additionalProperties")
        if not value and isinstance(extra, dict):
            value["key"] = build(document, extra, depth + 1, seen)
        return value
    if kind == "integer":
        return int(schema.get("minimum", 1) or 1)
    if kind == "number":
        return 1.5
    if kind == "boolean":
        return True
    if kind == "string":
        return {"date-time": "2020-01-02T03:04:05Z", "date": "2020-01-02", "uri": "https://example.org/item",
                "url": "https://example.org/item", "email": "someone@example.org"}.get(schema.get("format"), "text")
    return None

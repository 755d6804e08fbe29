"""Runs one corpus document through apicli end to end and judges every operation it imported.

Each document gets its own throwaway XDG folders and store, its own loopback API, and these runs:
  provider add NAME --openapi FILE --base-url LOOPBACK+BASEPATH   (again with --bearer when the
                                                                   document offers only OAuth2)
  provider show NAME --format json                                (the operations, as data)
then, per operation, the command with its path parameters, its required options and, where the
search words fill a required parameter, words; `--format ndjson` (one line per table row).
"""
import json
import re
import os
import subprocess
import tempfile

from .answers import recorded_for
from .checks import Check, answer_check, offline_check, paging_check, request_check
from .document import Document
from .loopback import LoopbackAPI, Plan
from . import pattern_sample

KEY = "corpus-report-key-7f3a9c"
BASIC_KEY = "corpus-report:secret-7f3a9c"
NAME = "corpus"


class OperationResult:
    def __init__(self, name, key, recorded):
        self.name, self.key, self.recorded = name, key, recorded
        self.request = self.answer = self.paging = self.offline = Check.na("not run")


class DocumentResult:
    def __init__(self, file):
        self.file, self.gets, self.imported, self.flags = file, 0, 0, []
        self.problem, self.operations = None, []


def clean_env(folder):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("APICLI_", "XDG_")) and not k.endswith("_API_KEY")}
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[name] = os.path.join(folder, name.lower())
    env["HOME"] = folder
    env["APICLI_DB"] = os.path.join(folder, "store.sqlite")
    env["NO_COLOR"] = "1"
    return env


class Run:
    def __init__(self, completed):
        self.code, self.stdout, self.stderr = completed.returncode, completed.stdout, completed.stderr

    @property
    def rows(self):
        return [line for line in self.stdout.splitlines() if line.strip()]

    def last_error(self):
        lines = [line for line in self.stderr.splitlines() if line.strip()]
        return lines[-1][:160] if lines else f"exit {self.code}"


def apicli(binary, args, env, timeout=120):
    try:
        return Run(subprocess.run([binary] + args, env=env, capture_output=True, text=True, timeout=timeout))
    except subprocess.TimeoutExpired:
        return Run(subprocess.CompletedProcess(args, 124, "", f"timed out after {timeout} s"))


def run_document(binary, path):
    result = DocumentResult(os.path.basename(path))
    try:
        document = Document(path)
        operations = document.get_operations()
    except Exception as error:  # the report goes on with the other documents
        result.problem = f"the report cannot read it: {error}"[:160]
        return result
    result.gets = len(operations)
    base = document.base_path()
    with tempfile.TemporaryDirectory(prefix="corpus-report-") as folder, LoopbackAPI() as api:
        env = clean_env(folder)
        added = apicli(binary, ["provider", "add", NAME, "--openapi", path, "--base-url", api.origin + base], env)
        if added.code != 0 and "--bearer" in added.stderr:
            result.flags.append("--bearer")
            added = apicli(binary, ["provider", "add", NAME, "--openapi", path, "--base-url", api.origin + base,
                                    "--bearer"], env)
        if added.code != 0:
            result.problem = "import: " + added.last_error()
            return result
        shown = apicli(binary, ["provider", "show", NAME, "--format", "json"], env)
        try:
            provider = json.loads(shown.stdout)
        except ValueError:
            result.problem = "provider show --format json: " + shown.last_error()
            return result
        key = provider.get("key") or {}
        if key.get("variable"):
            env[key["variable"]] = BASIC_KEY if key.get("scheme") == "basic" else KEY
        shown_operations = provider.get("operations") or []
        result.imported = len(shown_operations)
        by_shape = {}
        for operation in operations:
            by_shape.setdefault(shape_of(operation.template), []).append(operation)
        for shown_operation in shown_operations:
            prefix = [NAME] if len(shown_operations) == 1 else [NAME, shown_operation["name"]]
            operation = match(shown_operation, by_shape, base)
            result.operations.append(
                run_operation(binary, env, api, document, base, result.file, prefix, shown_operation, operation))
    return result


def shape_of(template):
    return "/".join("{}" if "{" in part else part for part in template.strip("/").split("/"))


def match(shown, by_shape, base):
    """The document's GET operation that apicli's operation stands for, or None."""
    path = shown.get("path", "")
    if base and path.startswith(base + "/"):
        path = path[len(base):]
    candidates = by_shape.get(shape_of(path), [])
    for candidate in candidates:
        if candidate.template == path:
            return candidate
    return candidates[0] if len(candidates) == 1 else None


def run_operation(binary, env, api, document, base, file, prefix, shown, operation):
    result = OperationResult(shown["name"], operation.key if operation else shown.get("path"),
                             recorded_for(file, operation.key) if operation else None)
    if operation is None:
        result.request = Check.fail(f"no GET {shown.get('path')} in the document")
        return result
    recorded = result.recorded
    command = Command(prefix, shown, operation, recorded)
    declared = operation.declared_answer()
    if recorded:
        plan = Plan([recorded.body(0)], links=[recorded.link(0)], origin=recorded.origin)
    else:
        body = json.dumps(declared[0] if declared else {}).encode()
        plan = Plan([body], media=declared[1] if declared else "application/json")
    start = api.begin(plan)
    main = apicli(binary, command.argv("a") + ["--format", "ndjson"], env)
    requests = api.since(start)
    result.request = request_check(main, requests, operation, base, command.sent, command.dates)
    if main.code == 64 and "<words>" in main.stderr and command.words is None:
        # apicli asks for search words the document does not require: the request fails, and
        # the other checks go on with a word typed, as a person would have to.
        command.give_words("corpus")
        start = api.begin(plan)
        main = apicli(binary, command.argv("a") + ["--format", "ndjson"], env)
        retried = request_check(main, api.since(start), operation, base, command.sent, command.dates)
        reason = f"apicli needs words ({command.shown.get('words')}), which the document does not require"
        result.request = Check.fail(reason if retried.state == "ok" else f"{reason}; then {retried.reason}")
    if recorded:
        shape = shown.get("shape")
        if shape == "record":
            result.answer = answer_check(main, recorded.want, shape)
        else:
            # A list is judged by its table's columns, which CSV carries under the names --fields
            # takes (NDJSON prints each item whole, as the API sent it).
            api.begin(plan)
            table = apicli(binary, command.argv("a") + ["--format", "csv"], env)
            result.answer = answer_check(table, recorded.want, shape, csv_rows=True)
        if recorded.second:
            result.paging = paging_check(binary, env, api, command, recorded, shown, apicli)
        else:
            result.paging = Check.na("no recorded next page")
    else:
        result.answer = Check.na("no recorded answer")
        result.paging = Check.na("no recorded answer")
    result.offline = offline_check(binary, env, api, command, main, plan, apicli)
    return result


class Command:
    """The command line of one operation: what it types in slot `a` and, to vary one value, in slot `b`."""

    def __init__(self, prefix, shown, operation, recorded):
        self.prefix, self.shown, self.operation = prefix, shown, operation
        self.values = dict(recorded.values) if recorded else {}
        self.sent = {}  # the document's parameter name -> what slot `a` types
        self.dates = set()  # the parameters apicli takes as dates
        self.vary = None  # (kind, index or option name, b value)
        words = shown.get("words")
        self.arguments = []
        names = operation.path_names()
        for index, argument in enumerate(shown.get("arguments") or []):
            # apicli's argument fills the document's placeholder of the same name, else the one at its place.
            parameter = argument.get("parameter")
            if parameter not in names and index < len(names):
                parameter = names[index]
            value = self.value_for(parameter, argument, "path")
            self.arguments.append(value)
            self.sent[parameter] = value
            if argument.get("type") == "date":
                self.dates.add(parameter)
            other = other_value(argument, value)
            if self.vary is None and other is not None:
                self.vary = ("argument", index, other)
        self.options = []
        for option in shown.get("options") or []:
            parameter = option.get("parameter")
            if parameter == words:
                continue
            if parameter in self.values or option.get("required"):
                value = self.value_for(parameter, option, "query")
                self.options.append((option["name"], value))
                self.sent[parameter] = value
                other = other_value(option, value)
                if self.vary is None and other is not None:
                    self.vary = ("option", option["name"], other)
        self.words = None
        if words:
            required = operation.parameter(words) is not None and (
                (operation.parameter(words) or {}).get("required") is True or words in operation.path_names())
            if words in self.values or required:
                self.give_words(str(self.values.get(words, "corpus")))

    def give_words(self, words):
        self.words = words
        self.sent[self.shown.get("words")] = words
        if self.vary is None:
            self.vary = ("words", None, words + "x")

    def value_for(self, parameter, entry, location):
        return fitted(entry, self._value_for(parameter, entry, location))

    def _value_for(self, parameter, entry, location):
        if parameter in self.values:
            return str(self.values[parameter])
        choices = entry.get("choices") or []
        if choices:
            return str(choices[0])
        schema = self.operation.schema_of(self.operation.parameter(parameter, location)) or {}
        kind = entry.get("type")
        for field in ("example", "default"):
            if isinstance(schema.get(field), (str, int, float)) and not isinstance(schema.get(field), bool):
                if kind != "date" and (kind != "integer" or isinstance(schema[field], int)):
                    return str(schema[field])
        if kind == "date":
            return "2020-01-02"
        if kind == "integer":
            return str(int(schema.get("minimum", 1) or 1))
        if schema.get("type") == "boolean":
            return "true"
        return "corpus"

    def argv(self, slot):
        arguments, options, words = list(self.arguments), list(self.options), self.words
        if slot == "b" and self.vary:
            kind, where, value = self.vary
            if kind == "argument":
                arguments[where] = value
            elif kind == "option":
                options = [(name, value if name == where else old) for name, old in options]
            else:
                words = value
        line = self.prefix + arguments + (words.split() if words else [])
        for name, value in options:
            line += [f"--{name}", value]
        return line


def other_value(entry, value):
    """A second legal value for `entry`, different from `value`, or None."""
    other = _other_value(entry, value)
    return fitted(entry, other, variant=1) if other is not None else None


def fitted(entry, value, variant=0):
    """`value`, or one made from the entry's `pattern` when the pattern refuses it."""
    pattern = entry.get("pattern")
    if not pattern:
        return value
    try:
        if re.fullmatch(pattern, value):
            return value
    except re.error:
        return value
    return pattern_sample.sample(pattern, variant) or value


def _other_value(entry, value):
    choices = [str(c) for c in entry.get("choices") or []]
    if choices:
        return next((c for c in choices if c != value), None)
    kind = entry.get("type")
    if kind == "integer":
        return str(int(value) + 1) if value.lstrip("-").isdigit() else None
    if kind == "date":
        return "2020-01-03" if value != "2020-01-03" else "2020-01-04"
    if value in ("true", "false"):
        return None
    return value + "x"


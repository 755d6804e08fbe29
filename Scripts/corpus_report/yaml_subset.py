"""Reads the YAML that API documents are written in, with the Python standard library alone.

The corpus report must run where PyYAML is not installed, so it reads its YAML documents
itself. This covers what published OpenAPI and Swagger documents use: block mappings and
sequences (a sequence may sit at its key's indentation), plain, single- and double-quoted
scalars over several lines, literal and folded block scalars with their chomping and
indentation indicators, flow collections over several lines, comments, anchors, aliases and
merge keys, tags (skipped) and `---`. It is not a full YAML parser: complex keys (`? `) and
multi-document streams are not read. Scalars are typed as YAML 1.1 core schema readers
(PyYAML's `safe_load`) type them, except timestamps, which stay text as apicli keeps them.

    load(text) -> the document as dicts, lists, str, int, float, bool and None
"""
import re

__all__ = ["load", "YAMLSubsetError"]


class YAMLSubsetError(ValueError):
    """The text uses YAML this reader does not handle, or is not YAML."""


# YAML 1.1's forms, as PyYAML's resolver has them: a float needs a dot, `012` is octal.
_INT = re.compile(r"[-+]?(0|[1-9][0-9_]*)$")
_OCT = re.compile(r"[-+]?0[0-7_]+$")
_HEX = re.compile(r"[-+]?0x[0-9a-fA-F_]+$")
_FLOAT = re.compile(r"([-+]?[0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)?|\.[0-9_]+([eE][-+][0-9]+)?)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "yes": True, "Yes": True, "YES": True,
         "on": True, "On": True, "ON": True, "false": False, "False": False, "FALSE": False,
         "no": False, "No": False, "NO": False, "off": False, "Off": False, "OFF": False}


def load(text):
    """The one document in `text`."""
    return _Reader(text).document()


def plain_value(token):
    """A plain scalar's value: null, a bool, an int, a float, or the text itself."""
    if token in ("", "~", "null", "Null", "NULL"):
        return None
    if token in _BOOL:
        return _BOOL[token]
    if _INT.match(token):
        return int(token.replace("_", ""))
    if _HEX.match(token):
        return int(token.replace("_", ""), 16)
    if _OCT.match(token):
        return int(token.replace("_", ""), 8)
    if _FLOAT.match(token):
        return float(token.replace("_", ""))
    if token in (".inf", ".Inf", ".INF", "+.inf"):
        return float("inf")
    if token in ("-.inf", "-.Inf", "-.INF"):
        return float("-inf")
    if token in (".nan", ".NaN", ".NAN"):
        return float("nan")
    return token


def _strip_comment(text):
    """`text` without a trailing comment: a `#` after a space, outside quotes."""
    quote = None
    for index, char in enumerate(text):
        if quote:
            if char == quote:
                if quote == "'" and text[index + 1:index + 2] == "'":
                    continue
                quote = None if not (quote == '"' and _escaped(text, index)) else quote
        elif char in "'\"" and (index == 0 or text[index - 1] in " \t[{,:-"):
            quote = char
        elif char == "#" and (index == 0 or text[index - 1] in " \t"):
            return text[:index].rstrip()
    return text.rstrip()


def _escaped(text, index):
    backslashes = 0
    while index - 1 - backslashes >= 0 and text[index - 1 - backslashes] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def _key_split(text):
    """(key, rest) when `text` starts a mapping entry (`key: rest`), else None."""
    if text.startswith(("'", '"')):
        end = _quoted_end(text, 0)
        if end is None:
            return None
        after = text[end + 1:].lstrip(" ")
        if after == ":" or after.startswith(": ") or after.startswith(":\t"):
            return _quoted_value(text[:end + 1]), after[1:].strip()
        return None
    if text.startswith(("[", "{", "- ", "|", ">", "*", "!", "&")) or text == "-":
        return None
    depth = 0
    for index, char in enumerate(text):
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == ":" and depth <= 0 and (index + 1 == len(text) or text[index + 1] in " \t"):
            key = text[:index].rstrip()
            return plain_value(key) if key else None, text[index + 1:].strip()
        elif char == "#" and index > 0 and text[index - 1] in " \t":
            return None
    return None


def _quoted_end(text, start):
    """The index of the quote that closes the one at `start`, or None."""
    quote = text[start]
    index = start + 1
    while index < len(text):
        char = text[index]
        if quote == '"' and char == "\\":
            index += 2
            continue
        if char == quote:
            if quote == "'" and text[index + 1:index + 2] == "'":
                index += 2
                continue
            return index
        index += 1
    return None


_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
            "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
            "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}


def _quoted_value(token):
    """The value of a whole quoted scalar, its lines already folded into `token`."""
    body = token[1:-1]
    if token[0] == "'":
        return _fold_lines(body).replace("''", "'")
    out, index = [], 0
    folded = _fold_lines(body, keep_escaped_breaks=True)
    while index < len(folded):
        char = folded[index]
        if char != "\\":
            out.append(char)
            index += 1
            continue
        code = folded[index + 1:index + 2]
        if code == "\n":
            index += 2
            while index < len(folded) and folded[index] in " \t":
                index += 1
            continue
        widths = {"x": 2, "u": 4, "U": 8}
        if code in widths:
            digits = folded[index + 2:index + 2 + widths[code]]
            out.append(chr(int(digits, 16)))
            index += 2 + widths[code]
            continue
        out.append(_ESCAPES.get(code, code))
        index += 2
    return "".join(out)


def _fold_lines(body, keep_escaped_breaks=False):
    """A multi-line quoted scalar's text: one break becomes a space, an empty line a newline."""
    if "\n" not in body:
        return body
    lines = body.split("\n")
    out = lines[0].rstrip(" \t") if not (keep_escaped_breaks and lines[0].endswith("\\")) else lines[0]
    pending_breaks = 0
    for number, line in enumerate(lines[1:], start=1):
        # Spaces at a line's ends fold away, except before the closing quote.
        stripped = line.strip(" \t") if number < len(lines) - 1 else line.lstrip(" \t")
        if not stripped:
            pending_breaks += 1
            continue
        if keep_escaped_breaks and out.endswith("\\") and not _escaped(out, len(out) - 1):
            out += "\n" + stripped
        else:
            out += ("\n" * pending_breaks) if pending_breaks else " "
            out += stripped
        pending_breaks = 0
    return out + ("\n" * pending_breaks if pending_breaks else "")


class _Reader:
    def __init__(self, text):
        if text.startswith("\ufeff"):
            text = text[1:]
        self.raw = text.replace("\r\n", "\n").split("\n")
        self.lines = []  # [indent, text without indentation], comments kept for block scalars
        for line in self.raw:
            stripped = line.lstrip(" ")
            self.lines.append([len(line) - len(stripped), stripped])
        self.index = 0
        self.anchors = {}

    # Lines

    def skip_blank(self):
        while self.index < len(self.lines):
            text = self.lines[self.index][1]
            if text.startswith("%") and self.lines[self.index][0] == 0:
                self.index += 1
            elif text == "" or text.startswith("#") or text.rstrip() in ("---", "..."):
                self.index += 1
            elif text.startswith("--- "):
                self.lines[self.index] = [self.lines[self.index][0] + 4, text[4:].lstrip()]
                return
            else:
                return

    def document(self):
        self.skip_blank()
        if self.index >= len(self.lines):
            return None
        value = self.node(-1)
        self.skip_blank()
        if self.index < len(self.lines):
            line = self.index + 1
            raise YAMLSubsetError(f"line {line}: text after the document's end: {self.lines[self.index][1][:40]!r}")
        return value

    # Nodes

    def node(self, parent_indent):
        """The node that starts at the current line, indented more than `parent_indent`."""
        self.skip_blank()
        if self.index >= len(self.lines):
            return None
        indent, text = self.lines[self.index]
        if indent <= parent_indent:
            return None
        text = _strip_comment(text)
        anchor = None
        while text.startswith(("&", "!")):
            match = re.match(r"[&!]([^ \t]*)\s*", text)
            if text.startswith("&"):
                anchor = match.group(1)
            text = text[match.end():]
            if not text:
                self.index += 1
                value = self.node(parent_indent)
                if anchor:
                    self.anchors[anchor] = value
                return value
            self.lines[self.index] = [indent + len(self.lines[self.index][1]) - len(text), text]
            indent = self.lines[self.index][0]
        if text.startswith("- ") or text == "-":
            value = self.sequence(indent)
        elif _key_split(text) is not None:
            value = self.mapping(indent)
        else:
            value = self.scalar(parent_indent, indent)
        if anchor:
            self.anchors[anchor] = value
        return value

    def sequence(self, indent):
        items = []
        while True:
            self.skip_blank()
            if self.index >= len(self.lines):
                return items
            at, text = self.lines[self.index]
            if at != indent or not (text.startswith("- ") or _strip_comment(text) == "-"):
                return items
            rest = text[1:].lstrip(" ")
            if _strip_comment(rest) == "":
                self.index += 1
                items.append(self.node(indent))
                continue
            self.lines[self.index] = [indent + len(text) - len(rest), rest]
            items.append(self.node(indent))

    def mapping(self, indent):
        result, merges = {}, []
        while True:
            self.skip_blank()
            if self.index >= len(self.lines):
                break
            at, text = self.lines[self.index]
            if at != indent:
                break
            split = _key_split(_strip_comment(text))
            if split is None:
                break
            key, rest = split
            key = key if isinstance(key, str) else ("null" if key is None else _key_text(key))
            self.index += 1
            value = self.value_after_key(indent, rest)
            if key == "<<":
                merges.extend(value if isinstance(value, list) else [value])
            else:
                result[key] = value
        for merged in merges:
            for key, value in (merged or {}).items():
                result.setdefault(key, value)
        return result

    def value_after_key(self, indent, rest):
        """The value of `key: rest`, whose line is already consumed."""
        anchor = None
        while rest.startswith(("&", "!")):
            match = re.match(r"[&!]([^ \t]*)\s*", rest)
            if rest.startswith("&"):
                anchor = match.group(1)
            rest = rest[match.end():]
        if rest == "":
            self.skip_blank()
            value = None
            if self.index < len(self.lines):
                at, text = self.lines[self.index]
                if at > indent or (at == indent and (text.startswith("- ") or text.rstrip() == "-")):
                    value = self.node(indent - 1 if at == indent else indent)
        elif rest.startswith("*"):
            name = rest[1:].strip()
            if name not in self.anchors:
                raise YAMLSubsetError(f"line {self.index}: unknown alias *{name}")
            value = self.anchors[name]
        elif rest[0] in "|>":
            value = self.block_scalar(indent, rest)
        else:
            self.index -= 1
            self.lines[self.index] = [indent + 1, rest]
            value = self.scalar(indent, indent + 1)
        if anchor:
            self.anchors[anchor] = value
        return value

    def scalar(self, parent_indent, indent):
        text = self.lines[self.index][1]
        if text.startswith("*"):
            self.index += 1
            name = _strip_comment(text)[1:]
            if name not in self.anchors:
                raise YAMLSubsetError(f"line {self.index}: unknown alias *{name}")
            return self.anchors[name]
        if text[0] in "[{":
            return self.flow(text)
        if text[0] in "'\"":
            return self.quoted(text)
        if text[0] in "|>":
            self.index += 1
            return self.block_scalar(parent_indent, text)
        parts = [(0, _strip_comment(text))]
        self.index += 1
        while self.index < len(self.lines):
            lookahead = self.index
            while lookahead < len(self.lines) and self.lines[lookahead][1] == "":
                lookahead += 1
            if lookahead >= len(self.lines):
                break
            at, more = self.lines[lookahead]
            if at <= parent_indent or more.startswith("#"):
                break
            parts.append((lookahead - self.index, _strip_comment(more)))
            self.index = lookahead + 1
        if len(parts) == 1:
            return plain_value(parts[0][1])
        out = parts[0][1]
        for breaks, part in parts[1:]:
            out += ("\n" * breaks if breaks else " ") + part
        return out

    def quoted(self, text):
        buffer, start_line = text, self.index
        self.index += 1
        while _quoted_end(buffer, 0) is None:
            if self.index >= len(self.lines):
                raise YAMLSubsetError(f"line {start_line + 1}: a quoted scalar that never ends")
            buffer += "\n" + self.raw[self.index]
            self.index += 1
        end = _quoted_end(buffer, 0)
        return _quoted_value(buffer[:end + 1])

    def flow(self, text):
        buffer, start_line = _strip_comment(text), self.index
        self.index += 1
        while not _balanced(buffer):
            if self.index >= len(self.lines):
                raise YAMLSubsetError(f"line {start_line + 1}: a flow collection that never closes")
            buffer += " " + _strip_comment(self.raw[self.index].strip())
            self.index += 1
        value, end = _Flow(buffer, self.anchors).value(0)
        return value

    def block_scalar(self, parent_indent, header):
        header = _strip_comment(header)
        style, chomp, explicit = header[0], "clip", None
        for char in header[1:]:
            if char == "-":
                chomp = "strip"
            elif char == "+":
                chomp = "keep"
            elif char.isdigit():
                explicit = int(char)
        lines = []
        block_indent = None if explicit is None else max(parent_indent, 0) + explicit
        while self.index < len(self.raw):
            raw = self.raw[self.index]
            stripped = raw.lstrip(" ")
            if stripped == "" and (block_indent is None or len(raw) <= block_indent):
                lines.append("")
                self.index += 1
                continue
            at = len(raw) - len(stripped)
            if block_indent is None:
                if at <= parent_indent:
                    break
                block_indent = at
            if at < block_indent:
                break
            lines.append(raw[block_indent:])
            self.index += 1
        trailing = 0
        while lines and lines[-1].strip() == "":
            lines.pop()
            trailing += 1
        if style == "|":
            body = "\n".join(lines)
        else:
            body = _fold_block(lines)
        if not lines:
            return "" if chomp != "keep" else "\n" * trailing
        if chomp == "strip":
            return body
        if chomp == "keep":
            return body + "\n" * (trailing + 1)
        return body + "\n"


def _key_text(key):
    if key is True:
        return "true"
    if key is False:
        return "false"
    return str(key)


def _fold_block(lines):
    out, previous_more = "", False
    for number, line in enumerate(lines):
        more = line.startswith((" ", "\t"))
        if number == 0:
            out = line
        elif line == "":
            out += "\n"
        elif more or previous_more:
            out += "\n" + line
        elif out.endswith("\n"):
            out += line
        else:
            out += " " + line
        previous_more = more
    return out


def _balanced(buffer):
    depth, index = 0, 0
    while index < len(buffer):
        char = buffer[index]
        if char in "'\"":
            end = _quoted_end(buffer, index)
            if end is None:
                return False
            index = end + 1
            continue
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return True
        index += 1
    return depth == 0


class _Flow:
    def __init__(self, text, anchors):
        self.text, self.anchors = text, anchors

    def skip(self, index):
        while index < len(self.text) and self.text[index] in " \t\n":
            index += 1
        return index

    def value(self, index):
        index = self.skip(index)
        char = self.text[index:index + 1]
        if char == "[":
            items, index = [], self.skip(index + 1)
            while self.text[index] != "]":
                item, index = self.entry(index, "],")
                items.append(item)
                index = self.skip(index)
                if self.text[index] == ",":
                    index = self.skip(index + 1)
            return items, index + 1
        if char == "{":
            result, index = {}, self.skip(index + 1)
            while self.text[index] != "}":
                key, index = self.scalar(index, ":,}", as_key=True)
                index = self.skip(index)
                value = None
                if self.text[index] == ":":
                    value, index = self.value(index + 1)
                    index = self.skip(index)
                result[key if isinstance(key, str) else _key_text(key)] = value
                if self.text[index] == ",":
                    index = self.skip(index + 1)
            return result, index + 1
        return self.scalar(index, ",]}")

    def entry(self, index, stops):
        """One entry of a flow sequence: a value, or a one-pair mapping `key: value`."""
        start = self.skip(index)
        value, index = self.value(start)
        after = self.skip(index)
        if self.text[after:after + 1] == ":" and self.text[start] not in "[{":
            pair_value, index = self.value(after + 1)
            return {value if isinstance(value, str) else _key_text(value): pair_value}, index
        return value, index

    def scalar(self, index, stops, as_key=False):
        index = self.skip(index)
        char = self.text[index]
        if char in "'\"":
            end = _quoted_end(self.text, index)
            return _quoted_value(self.text[index:end + 1]), end + 1
        if char == "*":
            end = index + 1
            while end < len(self.text) and self.text[end] not in ",]} ":
                end += 1
            return self.anchors[self.text[index + 1:end]], end
        if char in "[{":
            return self.value(index)
        end = index
        while end < len(self.text):
            here = self.text[end]
            if here in ",]}" or (here == ":" and (end + 1 == len(self.text) or self.text[end + 1] in " ,]}\t")):
                break
            end += 1
        token = self.text[index:end].strip()
        return (token if as_key and not token else plain_value(token)), end

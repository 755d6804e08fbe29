"""A value that matches a parameter's `pattern`, for the report to type where the document
constrains a value (Twilio's `^AC[0-9a-fA-F]{32}$`). Handles what documents write: literals,
escapes (\\d \\w \\s and escaped punctuation), classes with ranges, groups with alternatives
(the first is taken), and the quantifiers ? * + {n} {n,} {n,m} (their least count, at least one
for + ). `variant` 1 picks each class's second member where it has one, so two samples differ.
Returns None for what it cannot read; the caller then keeps its own value, and a refused one is
reported as apicli says it.
"""
import re


def sample(pattern, variant=0):
    try:
        text, rest = _sequence(pattern, 0, variant)
    except (IndexError, ValueError):
        return None
    if rest != len(pattern):
        return None
    try:
        return text if re.fullmatch(pattern, text) else None
    except re.error:
        return None


def _sequence(pattern, index, variant):
    out = []
    while index < len(pattern) and pattern[index] not in "|)":
        piece, index = _atom(pattern, index, variant)
        count, index = _quantifier(pattern, index)
        out.append(piece * count)
    while index < len(pattern) and pattern[index] == "|":
        _, index = _sequence(pattern, index + 1, variant)  # other alternatives are read and dropped
    return "".join(out), index


def _atom(pattern, index, variant):
    char = pattern[index]
    if char in "^$":
        return "", index + 1
    if char == "(":
        index += 1
        if pattern.startswith("?:", index):
            index += 2
        text, index = _sequence(pattern, index, variant)
        if pattern[index] != ")":
            raise ValueError
        return text, index + 1
    if char == "[":
        end = pattern.index("]", index + 2 if pattern[index + 1] == "]" else index + 1)
        members = _members(pattern[index + 1:end])
        if not members:
            raise ValueError
        return members[min(variant, len(members) - 1)], end + 1
    if char == "\\":
        escaped = pattern[index + 1]
        classes = {"d": "01", "w": "ab", "s": " \t"}
        if escaped in classes:
            return classes[escaped][variant], index + 2
        if escaped.isalnum():
            raise ValueError
        return escaped, index + 2
    if char == ".":
        return "ab"[variant], index + 1
    return char, index + 1


def _members(body):
    if body.startswith("^"):
        raise ValueError
    members, index = [], 0
    while index < len(body):
        char = body[index]
        if char == "\\":
            escaped = body[index + 1]
            members += {"d": ["0", "1"], "w": ["a", "b"], "s": [" "]}.get(escaped, [escaped])
            index += 2
        elif index + 2 < len(body) and body[index + 1] == "-":
            start, end = ord(char), ord(body[index + 2])
            members += [chr(code) for code in range(start, min(end, start + 1) + 1)]
            index += 3
        else:
            members.append(char)
            index += 1
    return members


def _quantifier(pattern, index):
    if index >= len(pattern):
        return 1, index
    char = pattern[index]
    if char in "?*":
        return 0, index + 1 + (pattern[index + 1:index + 2] == "?")
    if char == "+":
        return 1, index + 1 + (pattern[index + 1:index + 2] == "?")
    if char == "{":
        end = pattern.index("}", index)
        low = pattern[index + 1:end].split(",")[0]
        return int(low), end + 1
    return 1, index

"""Prints the report: a table per document, then the totals."""

COLUMNS = ("request", "answer", "paging", "offline")


def counts(operations, column):
    states = [getattr(operation, column).state for operation in operations]
    return states.count("ok"), states.count("ok") + states.count("FAIL"), states.count("n/a")


def fraction(ok, checked):
    return f"{ok}/{checked}" if checked else "n/a"


def document_table(result, out):
    flags = f" (imported with {' '.join(result.flags)})" if result.flags else ""
    print(f"== {result.file}: {result.gets} GET in the document, {result.imported} imported{flags}", file=out)
    if result.problem:
        print(f"   {result.problem}", file=out)
    if not result.operations:
        print(file=out)
        return
    width = max([len("operation")] + [len(operation.name) for operation in result.operations])
    print(f"   {'operation':<{width}}  {'request':<7}  {'answer':<7}  {'paging':<7}  {'offline':<7}", file=out)
    for operation in result.operations:
        cells = "  ".join(f"{getattr(operation, column).state:<7}" for column in COLUMNS)
        mark = " *" if operation.recorded else ""
        print(f"   {operation.name:<{width}}  {cells}{mark}", file=out)
        for column in COLUMNS:
            check = getattr(operation, column)
            if check.state == "FAIL":
                print(f"   {'':<{width}}    {column}: {check.reason}", file=out)
    summary = ", ".join(f"{column} {fraction(*counts(result.operations, column)[:2])}" for column in COLUMNS)
    print(f"   ({summary}; * a recorded answer)", file=out)
    print(file=out)


def totals_table(results, out):
    rows = []
    for result in results:
        row = [result.file, str(result.gets), str(result.imported)]
        row += [fraction(*counts(result.operations, column)[:2]) for column in COLUMNS]
        rows.append(row)
    everything = [operation for result in results for operation in result.operations]
    total = ["total", str(sum(r.gets for r in results)), str(sum(r.imported for r in results))]
    total += [fraction(*counts(everything, column)[:2]) for column in COLUMNS]
    heads = ["document", "GET", "imported", "requests right", "answers shown well", "paging right", "offline right"]
    widths = [max(len(str(cell)) for cell in column) for column in zip(heads, *rows, total)]
    print("| " + " | ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(heads, widths))) + " |",
          file=out)
    print("|" + "|".join("-" * (w + 1) + ("-" if i == 0 else ":") for i, w in enumerate(widths)) + "|", file=out)
    for row in rows + [total]:
        cells = (c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
        print("| " + " | ".join(cells) + " |", file=out)
    not_applicable = {column: counts(everything, column)[2] for column in COLUMNS}
    print(file=out)
    print("x/y: operations that passed / operations the check could be made on; n/a (not counted): "
          + ", ".join(f"{column} {count}" for column, count in not_applicable.items()), file=out)

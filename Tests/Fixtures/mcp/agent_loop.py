"""An agent loop of 50 tool calls through the official MCP Python SDK.

Usage: python3 agent_loop.py APICLI

Ten different NYT searches at once, then each of them four more times, ten calls at a
time: fifty calls. Prints one JSON document with every call's outcome (its source, or its
error text, and how long it took), for the test to check against the requests its
loopback server counted.
"""

import asyncio
import json
import os
import sys
import time

from mcp import Client, StdioServerParameters


async def one(client, word):
    started = time.monotonic()
    result = await client.call_tool("nyt", {"words": [word]})
    texts = [block.text for block in result.content if getattr(block, "type", "") == "text"]
    structured = result.structured_content or {}
    return {
        "word": word,
        "is_error": bool(result.is_error),
        "source": structured.get("source"),
        "text": texts,
        "structured": structured,
        "seconds": round(time.monotonic() - started, 3),
    }


async def main(apicli):
    server = StdioServerParameters(command=apicli, args=["mcp", "--max-wait", "5"], env=dict(os.environ))
    words = [f"loopword{index}" for index in range(10)]
    calls = []
    async with Client(server) as client:
        calls += await asyncio.gather(*(one(client, word) for word in words))
        for _ in range(4):
            calls += await asyncio.gather(*(one(client, word) for word in words))
    print(json.dumps({"calls": calls}, indent=1))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))

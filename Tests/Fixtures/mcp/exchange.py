"""An agent's first minutes with `apicli mcp`, through the official MCP Python SDK.

Usage: python3 exchange.py APICLI MODE    (MODE: legacy = the initialize handshake,
auto = the SDK's default, which probes server/discover first)

Starts `APICLI mcp` with this process's environment, then: lists the tools, searches NYT
twice with the same words, asks for the weather in London, searches and queries the store,
tries a write SQL statement and a tool that is not offered. Prints one JSON document: the
transcript the test reads (and a person can read).
"""

import asyncio
import json
import os
import sys

from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError


def texts(result):
    return [block.text for block in result.content if getattr(block, "type", "") == "text"]


async def call(client, name, arguments):
    try:
        result = await client.call_tool(name, arguments)
    except MCPError as error:
        return {"tool": name, "arguments": arguments, "jsonrpc_error": {"code": error.code, "message": error.message}}
    return {
        "tool": name,
        "arguments": arguments,
        "is_error": bool(result.is_error),
        "text": texts(result),
        "structured": result.structured_content,
    }


async def main(apicli, mode):
    server = StdioServerParameters(command=apicli, args=["mcp"], env=dict(os.environ))
    transcript = {"mode": mode}
    async with Client(server, mode=mode) as client:
        transcript["protocol_version"] = client.protocol_version
        transcript["server_info"] = client.server_info.model_dump() if client.server_info else None
        tools = await client.list_tools()
        transcript["tools"] = [
            {"name": tool.name, "description": tool.description, "input_schema": tool.input_schema} for tool in tools.tools
        ]
        steps = []
        steps.append(await call(client, "nyt", {"words": ["election", "results"]}))
        steps.append(await call(client, "nyt", {"words": ["election", "results"]}))
        steps.append(await call(client, "weather", {"place": ["London"]}))
        steps.append(await call(client, "search_store", {"query": "Nigerian"}))
        steps.append(await call(client, "query_store", {"sql": "SELECT COUNT(*) AS articles FROM nyt_articles"}))
        steps.append(await call(client, "query_store", {"sql": "DELETE FROM nyt_articles"}))
        steps.append(await call(client, "describe_store", {}))
        steps.append(await call(client, "nyt", {"words": ["x"], "colour": "red"}))
        steps.append(await call(client, "petstore_add-pet", {"name": "Rex"}))
        await client.session.send_ping()
        transcript["steps"] = steps
    print(json.dumps(transcript, indent=1))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))

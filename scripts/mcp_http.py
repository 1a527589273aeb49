"""Raw Streamable HTTP requests to `toolsh mcp --http`, shared by the MCP benchmarks."""
import json


def post(conn, message, session=None):
    """POSTs one JSON-RPC message; returns the session id header and the body as text."""
    _, session, body = post_status(conn, message, session)
    return session, body


def post_status(conn, message, session=None):
    """`post`, with the HTTP status first."""
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
               "MCP-Protocol-Version": "2025-11-25"}
    if session:
        headers["Mcp-Session-Id"] = session
    conn.request("POST", "/mcp", json.dumps({"jsonrpc": "2.0", **message}), headers)
    response = conn.getresponse()
    return response.status, response.getheader("Mcp-Session-Id"), response.read().decode()

"""A web page for people, served by the LangGraph server itself.

``langgraph.json`` names this Starlette app, so ``langgraph dev`` serves at ``/verirag/`` one static page
that asks the graph through its standard API and shows each sentence as it is verified. Its responses
carry a Content-Security-Policy that allows only its own script and style.
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import RedirectResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PATH = "/verirag"
STATIC = Path(__file__).with_name("static")
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def with_headers(inner: ASGIApp) -> ASGIApp:
    """``inner`` with the page's security headers added to every response."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": list(message.get("headers", [])) + HEADERS}
            await send(message)

        await inner(scope, receive, send_with_headers)

    return app


async def _to_page(request) -> RedirectResponse:
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"{PATH}/{query}")


app = Starlette(
    routes=[Route(PATH, _to_page), Mount(PATH, app=with_headers(StaticFiles(directory=STATIC, html=True)))]
)

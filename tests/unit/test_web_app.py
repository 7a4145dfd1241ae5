"""The custom HTTP app that langgraph.json mounts in the LangGraph server: the page and its files, with
a Content-Security-Policy that runs only the page's own script."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]


def served_app():
    """The app exactly as langgraph.json names it (a file path and a variable)."""
    path, name = json.loads((ROOT / "langgraph.json").read_text())["http"]["app"].rsplit(":", 1)
    spec = importlib.util.spec_from_file_location("verirag_web_app", ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def test_langgraph_json_serves_the_page_with_a_strict_content_security_policy():
    client = TestClient(served_app())
    page = client.get("/verirag/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="app.js"></script>' in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "default-src 'none'" in policy and "unsafe" not in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    for name, kind in (("app.js", "javascript"), ("app.css", "text/css")):
        response = client.get(f"/verirag/{name}")
        assert response.status_code == 200 and kind in response.headers["content-type"]
    moved = client.get('/verirag?context={"max_sentences":2}', follow_redirects=False)
    assert moved.status_code == 307
    assert moved.headers["location"] == "/verirag/?context=%7B%22max_sentences%22:2%7D"  # the query kept


def test_the_page_never_writes_html_from_strings():
    script = (ROOT / "verirag" / "web" / "static" / "app.js").read_text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in script

"""The web page that `langgraph dev` serves beside the graph (langgraph.json's custom HTTP app), used
in headless Chromium: a question typed, sentences appearing live with their marks, the stage while it
works, a citation opening its source with the quoted words, the cost line, and document markup shown
as text. The graph runs with a scripted VTG model (``tests.fakes.web_writer``) over a HashEmbedder store
in a temporary VERIRAG_HOME, so the whole module takes seconds.

Chromium and its driver are Debian's (``scripts/test.sh`` installs them when missing)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.fakes import JAPAN_QUESTION, MARKUP_QUESTION, PLANNED_QUESTION, WEB_DOCS, WEB_SCRIPTS
from tests.servers import serve
from verirag.refusal import PART_UNKNOWN
from verirag.stores import HybridStore
from verirag.testing import HashEmbedder
from verirag.view import merge_spans

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
# the README's picture of the page: the first test takes it into its tmp_path, so a run leaves the tracked
# tree alone; with VERIRAG_WRITE_SCREENSHOT=1 it rewrites docs/web-view.png instead
README_SCREENSHOT = ROOT / "docs" / "web-view.png"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1200,620",
]
# records, at every change of the page, how many sentences it shows and what the stage line says
RECORD = """window.seen = [];
new MutationObserver(() => window.seen.push([document.querySelectorAll('#sentences .sentence').length,
                                              document.getElementById('stage').textContent]))
  .observe(document.body, {subtree: true, childList: true, characterData: true});"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    HybridStore(home / "store", embedder=HashEmbedder()).add(WEB_DOCS)  # the default store of that home
    langgraph = str(Path(sys.executable).with_name("langgraph"))

    def command(port):
        return [
            langgraph,
            "dev",
            "--no-browser",
            "--no-reload",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]

    env = {
        "VERIRAG_HOME": str(home),
        "VERIRAG_MODEL": "import:tests.fakes:web_writer",
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
        "LANGSMITH_TRACING": "false",
    }
    with serve(
        command, lambda port: f"http://127.0.0.1:{port}/ok", cwd=ROOT, env=env, log=home / "server.log"
    ) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.fail(
            f"{', '.join(missing)} missing: scripts/test.sh installs Debian's chromium and chromium-driver"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the page's console, read after tests
    for flag in CHROMIUM_FLAGS + [f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    yield driver
    driver.quit()


@pytest.fixture(autouse=True)
def no_page_errors(browser):
    """Every test ends with a clean console: no script error, no refused request, no policy violation."""
    browser.get_log("browser")  # what earlier tests left
    yield
    assert [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


def ask(browser, server, question, context=None):
    """Open the page, ask ``question``, wait until the run is done; return the thread's final values."""
    from langgraph_sdk import get_sync_client
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{server}/verirag/" + (f"?context={quote(json.dumps(context))}" if context else ""))
    browser.execute_script(RECORD)
    browser.find_element(By.ID, "question").send_keys(question)
    browser.find_element(By.ID, "submit").click()
    WebDriverWait(browser, 60).until(
        lambda b: (
            "done" in b.find_element(By.ID, "stage").get_attribute("class")
            or b.find_element(By.ID, "error").is_displayed()
        )
    )
    assert not browser.find_element(By.ID, "error").is_displayed(), browser.find_element(By.ID, "error").text
    thread = browser.find_element(By.ID, "answer").get_attribute("data-thread")
    return get_sync_client(url=server).threads.get_state(thread)["values"]


def text(browser, css):
    from selenium.webdriver.common.by import By

    return [e.get_attribute("textContent") for e in browser.find_elements(By.CSS_SELECTOR, css)]


def open_citation(browser, sentence: int, citation: int = 0):
    from selenium.webdriver.common.by import By

    browser.find_elements(By.CSS_SELECTOR, "#sentences .sentence")[sentence].find_elements(
        By.CSS_SELECTOR, ".cite"
    )[citation].click()
    assert browser.find_element(By.ID, "source").is_displayed()


def assert_source_shows_quotes(browser, values, sentence: int, doc_id: str):
    """The opened source is the document's text; with quotes in the sentence, exactly those are marked."""
    doc, quotes = values["documents"][doc_id], values["sentences"][sentence].get("quotes")
    assert text(browser, "#source-text") == [doc["text"]]
    if quotes is None:  # quotes not in this contract: the document without highlight
        assert text(browser, "#source-text mark") == []
        return
    spans = merge_spans([(q["start"], q["end"]) for q in quotes if q["doc"] == doc_id], len(doc["text"]))
    assert spans and text(browser, "#source-text mark") == [doc["text"][s:e] for s, e in spans]


def test_a_question_shows_verified_sentences_live_and_a_citation_opens_its_quote(server, browser, tmp_path):
    from selenium.webdriver.common.by import By

    context = {"max_sentences": 3, "max_trials": 1, "end_when_answered": False}  # written on past its answer
    values = ask(browser, server, JAPAN_QUESTION, context=context)
    assert text(browser, "#run-context") == [
        'run context: {"max_sentences":3,"max_trials":1,"end_when_answered":false}'
    ]
    assert {key: values["config"][key] for key in context} == context  # the run got the page's context
    kept = values["sentences"]
    assert [s["verified_by"] for s in kept] == ["citations", "citations", "none"]
    sentences = browser.find_elements(By.CSS_SELECTOR, "#sentences .sentence")
    assert [s.get_attribute("class") for s in sentences] == ["sentence verified"] * 2
    assert text(browser, "#sentences .mark") == ["✓ verified", "✓ verified"]
    assert text(browser, "#sentences .sentence")[0] == "Tokyo is the capital of Japan [1].✓ verified"
    # the unverified third sentence is left out of the answer, shown apart, and the answer ends with a
    # refusal (the scripted gap, "how many people live in Tokyo", was not asked: the general one)
    assert text(browser, "#left-out .left-out") == [kept[2]["text"]]
    assert values["refusal"] == PART_UNKNOWN
    # live: sentences were on the page while the graph was still working, and so was the current stage
    seen = browser.execute_script("return window.seen")
    assert any(count == 1 and stage.endswith("working…") for count, stage in seen)
    assert any(stage.startswith("checking the sentence against its citations") for _, stage in seen)

    calls = sum(node["calls"] for node in values["usage"].values())
    assert re.fullmatch(
        rf"{calls} model call\(s\), \d+ prompt \+ \d+ completion tokens, \d+\.\d s", text(browser, "#cost")[0]
    )
    refusal = browser.find_element(By.ID, "refusal")
    assert (refusal.get_attribute("textContent"), refusal.is_displayed()) == (values["refusal"], True)

    open_citation(browser, 0)
    assert text(browser, "#source-title") == ["[1] Japan"]
    assert text(browser, "#source-where") == ["asia.pdf, p. 3"]
    assert_source_shows_quotes(browser, values, 0, kept[0]["citations"][0])
    screenshot = (
        README_SCREENSHOT
        if os.environ.get("VERIRAG_WRITE_SCREENSHOT") == "1"
        else (tmp_path / "web-view.png")
    )
    screenshot.parent.mkdir(exist_ok=True)
    assert browser.save_screenshot(str(screenshot)) and screenshot.stat().st_size > 0
    open_citation(browser, 1)
    assert text(browser, "#source-where") == ["guide.md, Mountains > Fuji"]
    assert_source_shows_quotes(browser, values, 1, kept[1]["citations"][0])


def test_a_question_in_parts_shows_each_part_and_names_the_one_not_answered(server, browser):
    values = ask(browser, server, PLANNED_QUESTION)
    assert [(p["question"], p["verified"]) for p in values["plan"]] == [
        ("What is Mount Fuji?", True),
        ("What is Banana?", True),
        ("What is Atlantis?", False),
    ]
    assert text(browser, "#plan .part") == [
        "What is Mount Fuji? — ✓ verified",
        "What is Banana? — ✓ verified",
        "What is Atlantis? — not answered by the documents",
    ]
    assert text(browser, "#sentences .sentence") == [
        "Mount Fuji is the highest mountain in Japan [1].✓ verified",
        "A banana is an elongated, edible fruit [2].✓ verified",
    ]
    assert text(browser, "#refusal") == ["The documents do not say what Atlantis is."] == [values["refusal"]]
    open_citation(browser, 1)
    assert text(browser, "#source-title") == ["[2] Banana"]
    assert_source_shows_quotes(browser, values, 1, values["sentences"][1]["citations"][0])


def test_an_answer_written_elsewhere_is_checked_sentence_by_sentence_with_its_quotes(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    held, evidence = WEB_SCRIPTS[JAPAN_QUESTION][0]
    invented, _ = WEB_SCRIPTS[JAPAN_QUESTION][2]
    japan = next(d for d in WEB_DOCS if d["title"] == "Japan")
    browser.get(f"{server}/verirag/")
    browser.find_element(By.ID, "tab-check").click()
    assert not browser.find_element(By.ID, "ask").is_displayed()
    browser.find_element(By.ID, "check-answer").send_keys(f"{held[:-1]} [1]. {invented[:-1]} [1].")
    browser.find_element(By.ID, "check-documents").send_keys(f"Japan\n{japan['text']}")
    browser.find_element(By.ID, "check-submit").click()
    WebDriverWait(browser, 60).until(
        lambda b: (
            "done" in b.find_element(By.ID, "stage").get_attribute("class")
            or b.find_element(By.ID, "error").is_displayed()
        )
    )
    assert not browser.find_element(By.ID, "error").is_displayed(), browser.find_element(By.ID, "error").text
    assert text(browser, "#sentences .mark") == ["✓ verified", "⚠ unverified"]
    marks = [m.get_attribute("title") for m in browser.find_elements(By.CSS_SELECTOR, "#sentences .mark")]
    assert all("; decided by " in m for m in marks), marks  # the tooltip names the step that settled it
    assert text(browser, "#refusal") == [f"The documents do not say that {invented[:-1]}."]
    open_citation(browser, 0)
    assert text(browser, "#source-title") == ["[1] Japan"]
    assert text(browser, "#source-text mark") == [evidence]  # the minimal quote that holds it


def test_markup_inside_a_document_is_shown_as_text(server, browser):
    from selenium.common.exceptions import NoAlertPresentException

    values = ask(browser, server, MARKUP_QUESTION)
    (sentence,) = text(browser, "#sentences .sentence")
    assert sentence.startswith("The test page shows <img src=x onerror=alert(1)> as text [1].")
    open_citation(browser, 0)
    assert text(browser, "#source-title") == ["[1] Markup <b>test</b> page"]
    (shown,) = text(browser, "#source-text")
    assert "It shows <img src=x onerror=alert(1)> and <b>bold</b> as plain text." in shown
    assert_source_shows_quotes(browser, values, 0, values["sentences"][0]["citations"][0])
    assert browser.execute_script("return document.querySelectorAll('img, main b, main script').length") == 0
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018  (nothing ran the markup's script)


def test_a_context_that_is_not_a_json_object_is_refused(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/verirag/?context={quote('[1, 2]')}")
    assert browser.find_element(By.ID, "error").is_displayed()
    assert "not a JSON object" in browser.find_element(By.ID, "error").text
    assert not browser.find_element(By.ID, "submit").is_enabled()

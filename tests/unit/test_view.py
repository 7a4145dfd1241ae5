"""The notebook view of an answer: escaped document text, highlighted quotes, verified marks, refusal."""

from __future__ import annotations

from html.parser import HTMLParser

from verirag.view import AnswerView, merge_spans, render_html

MARKUP = "A page that shows <img src=x onerror=alert(1)> and <b>bold</b> as text. Tokyo is the capital."
QUOTE = "Tokyo is the capital."


class Tags(HTMLParser):
    """The tags of an HTML fragment, the text inside <mark> elements, and all text."""

    def __init__(self, markup: str):
        super().__init__()
        self.tags: list[str] = []
        self.marks: list[str] = []
        self.text, self._in_mark = "", False
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "mark":
            self._in_mark, self.marks = True, self.marks + [""]

    def handle_endtag(self, tag):
        self._in_mark = self._in_mark and tag != "mark"

    def handle_data(self, data):
        self.text += data
        if self._in_mark:
            self.marks[-1] += data


def result(**sentence):
    return {
        "question": "What is the <i>capital</i>?",
        "answer": "…",
        "sentences": [
            {
                "text": "Tokyo is the capital of Japan.",
                "citations": ["d1"],
                "support": 0.93,
                "verified_by": "citations",
                **sentence,
            },
            {
                "text": "It has <script>1</script> people.",
                "citations": ["d1"],
                "support": 0.1,
                "verified_by": "none",
            },
        ],
        "documents": {
            "d1": {"title": "Markup <b>page</b>", "text": MARKUP, "source": "/data/guide.pdf", "page": 7}
        },
        "usage": {
            "per_node": {},
            "total": {"calls": 3, "input_tokens": 120, "output_tokens": 30},
            "wall_seconds": 1.5,
        },
    }


def test_document_markup_is_shown_as_text_never_as_html():
    html = AnswerView(result())._repr_html_()
    page = Tags(html)
    assert not {"img", "script", "i"} & set(page.tags)  # no element comes from the data
    assert [raw for raw in ("<img", "<script>", "<b>page</b>", "<b>bold") if raw in html] == []
    assert "<img src=x onerror=alert(1)> and <b>bold</b> as text." in page.text  # shown as the text it is
    assert "Markup <b>page</b>" in page.text and "What is the <i>capital</i>?" in page.text
    assert "It has <script>1</script> people." in page.text  # left out of the answer, shown apart, as text
    assert "(guide.pdf, p. 7)" in page.text
    assert "3 model call(s), 120 prompt + 30 completion tokens, 1.5 s" in page.text


def test_quotes_are_highlighted_and_marks_say_what_was_verified():
    start = MARKUP.index(QUOTE)
    view = AnswerView(
        result(
            quotes=[
                {"doc": "d1", "start": start, "end": start + len(QUOTE)},
                {"doc": "d1", "start": 0, "end": 6},
            ]
        )
    )
    page = Tags(view._repr_html_())
    assert page.marks == ["A page", QUOTE]
    assert "Tokyo is the capital of Japan [1]. ✓" in page.text
    # the unverified sentence is left out of the answer by default, and in it, marked, as VTG shows it
    assert "Not verified, left out of the answer:It has <script>1</script> people." in page.text
    shown = Tags(AnswerView({**result(), "config": {"unverified": "show"}})._repr_html_())
    assert "It has <script>1</script> people [1]. ⚠ unverified" in shown.text
    assert "left out" not in shown.text
    assert Tags(AnswerView(result())._repr_html_()).marks == []  # no quotes, no highlight


def test_a_quote_over_markup_is_escaped_inside_the_mark():
    start = MARKUP.index("<img")
    quotes = [{"doc": "d1", "start": start, "end": MARKUP.index(" and")}]
    page = Tags(AnswerView(result(quotes=quotes))._repr_html_())
    assert page.marks == ["<img src=x onerror=alert(1)>"] and "img" not in page.tags


def test_the_refusal_is_shown():
    refused = {**result(), "sentences": [], "documents": {}, "refusal": "The documents do not say <who>."}
    page = Tags(AnswerView(refused)._repr_html_())
    assert "The documents do not say <who>." in page.text and "No answer" not in page.text


def test_spans_are_clipped_and_merged():
    assert merge_spans([(5, 9), (0, 3), (8, 12), (3, 4), (20, 30), (7, 7)], 25) == [(0, 4), (5, 12), (20, 25)]


def test_rows_show_as_an_escaped_html_table():
    from verirag.view import Rows

    rows = Rows([{"node": "cite", "titles": ["<b>A</b>", "B"], "support": 0.9312}, {"node": "keep_sentence"}])
    page = Tags(rows._repr_html_())
    assert page.tags.count("tr") == 3 and "b" not in page.tags
    assert "<b>A</b>, B" in page.text and "0.931" in page.text
    assert str(rows).splitlines()[1] == "keep_sentence |  | "


def test_a_question_in_parts_shows_each_part_with_its_verdict():
    planned = {
        **result(),
        "plan": [
            {"question": "What is <b>Alba</b>?", "verified": True},
            {"question": "What is Brix?", "verified": False},
        ],
    }
    markup = AnswerView(planned)._repr_html_()
    assert (
        "The question in parts:What is <b>Alba</b>? — ✓ verifiedWhat is Brix? — not answered by the documents"
    ) in Tags(markup).text
    assert "<b>Alba" not in markup  # the question is data, shown as text
    assert "The question in parts" not in Tags(AnswerView(result())._repr_html_()).text


def test_a_mark_says_which_step_of_the_decision_settled_the_sentence():
    said = "The director was <b>Victor Fleming</b>."
    unverified = {"verified_by": "none", "decided_by": "slots", "found": [{"check": "slots", "said": said}]}
    page = render_html({**result(**unverified), "config": {"unverified": "show"}})
    title = 'title="not verified against its sources (support 0.93); decided by slots: The director was '
    assert title in page
    assert "&lt;b&gt;Victor Fleming&lt;/b&gt;." in page and "<b>Victor" not in page  # escaped
    page = render_html(result(decided_by="key_terms", found=[{"check": "key_terms", "terms": ["1475"]}]))
    assert "decided by key_terms: 1475" in page

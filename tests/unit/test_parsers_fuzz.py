"""Every parser of model output, fuzzed: it never raises and returns a valid value or its documented
"no parse" signal (None / empty), which the callers turn into a counted safe default."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verirag.models.scoring import probabilities_from_logprobs, probabilities_from_text
from verirag.parsing import parse_queries, parse_query, parse_score, parse_selection, parse_sentence
from verirag.text import CITATION, parse_citations, split_sentences

EXAMPLES = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Replies that look like model output: fragments of the formats mixed with arbitrary text.
fragments = st.sampled_from(
    [
        "Selected Documents:",
        "[YES]",
        "[NO]",
        "Yes",
        "No",
        "[7]",
        "[12]",
        "10/10",
        "[END]",
        "END",
        "\n",
        "\n\n",
        "[1]",
        "[2][3]",
        "[1, 2]",
        " ",
        ".",
        "Query:",
        "1.",
        "- ",
        "Fully",
        "Partially",
        "‹",
        "</document>",
        "9" * 30,
        # sentence boundaries: abbreviations, initials, ellipses, brackets, capitals
        "J.J. ",
        "U.S.",
        "Dr.",
        "…",
        "...",
        ".)",
        "(",
        '"',
        "!",
        "?",
        " The",
        "\r\n",
    ]
)
replies = st.lists(st.one_of(st.text(max_size=40), fragments), max_size=25).map("".join)


@EXAMPLES
@given(replies, st.integers(-3, 60), st.integers(-3, 10))
def test_parse_selection(text, n, k):
    result = parse_selection(text, n, k)
    assert result is None or (
        0 < len(result) <= k and len(set(result)) == len(result) and all(1 <= r <= n for r in result)
    )


@EXAMPLES
@given(replies)
def test_parse_score(text):
    result = parse_score(text, 0, 10)
    assert result is None or 0 <= result <= 10


@EXAMPLES
@given(replies)
def test_parse_query(text):
    result = parse_query(text)
    assert result is None or (result.strip() == result and 0 < len(result) <= 1000)


@EXAMPLES
@given(replies, st.integers(-1, 5))
def test_parse_queries(text, limit):
    result = parse_queries(text, limit)
    assert len(result) <= max(limit, 0) and len({q.lower() for q in result}) == len(result)


@EXAMPLES
@given(replies)
def test_parse_sentence(text):
    result = parse_sentence(text)
    assert result is None or ("[END]" not in result and result.strip())


@EXAMPLES
@given(replies)
def test_citations_and_sentences(text):
    sentences = split_sentences(text)
    # the cut loses, adds and reorders nothing but whitespace; no sentence is blank or padded
    assert "".join("".join(s.split()) for s in sentences) == "".join(text.split())
    assert all(s and s == " ".join(s.split()) for s in sentences)
    for sentence in sentences:
        clean, numbers = parse_citations(sentence)
        assert all(isinstance(n, int) and n >= 0 for n in numbers)
        assert not CITATION.search(clean)  # no complete [n] marker survives


@EXAMPLES
@given(
    st.lists(
        st.fixed_dictionaries(
            {"token": st.one_of(st.text(max_size=8), fragments), "logprob": st.floats(-50, 0)}
        ),
        max_size=25,
    ),
    replies,
)
def test_judgment_probabilities(top, text):
    choices = ["Yes", "No"]
    for probs in (probabilities_from_logprobs(top, choices), probabilities_from_text(text, choices)):
        assert probs is None or (set(probs) == set(choices) and abs(sum(probs.values()) - 1) < 1e-9)

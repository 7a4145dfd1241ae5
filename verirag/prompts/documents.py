"""Documents as they enter prompts: numbered, delimited blocks (or their titles, one list) a document cannot close."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.documents import Document

# the labels our prompts put before a field and the answer cue they end on ("Claim: …", "Yes or No:")
_PROMPT_LABELS = re.compile(
    r"\b(Claim|Question|Answer|Sentence|Request|Task|Yes or No|Part of the question not answered)\s*:",
    re.IGNORECASE,
)


def _data(text: str) -> str:
    """Neutralise our delimiters, our prompts' field labels and the chat template's tokens in untrusted text.

    A document cannot close its own block, nor end the user's turn: the local model reads "<|im_end|>" in a
    prompt as its control token (llama.cpp tokenizes prompts with special tokens on). Nor can it write a
    question and its answer in the prompt's own form ("Claim: … Yes or No: Yes"): a label's colon becomes a
    dash, so the text reads the same and is no field of the prompt.
    """
    text = re.sub(r"<(/?)\s*(documents?|titles)", r"‹\1\2", text, flags=re.IGNORECASE)
    text = _PROMPT_LABELS.sub(lambda m: f"{m.group(1)} –", text)
    return text.replace("<|", "‹|")


def render_documents(documents: Sequence[Document]) -> str:
    """Documents as numbered, delimited blocks: the only form in which retrieved text enters prompts."""
    blocks = [
        f'<document number="{i}" title="{_data(d.get("title", "")).replace(chr(34), chr(39))}">\n'
        f"{_data(d.get('text', ''))}\n</document>"
        for i, d in enumerate(documents, 1)
    ]
    return "<documents>\n" + "\n".join(blocks) + "\n</documents>"


def render_titles(documents: Sequence[Document]) -> str:
    """Documents' titles, each once, as one delimited list (a title is untrusted text too)."""
    titles = dict.fromkeys(_data(d.get("title", "")).replace("\n", " ").strip() for d in documents)
    return "<titles>\n" + "\n".join(f"- {t}" for t in titles if t) + "\n</titles>"

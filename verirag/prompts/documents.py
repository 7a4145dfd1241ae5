"""Documents as they enter prompts: numbered, delimited blocks that a document cannot close itself."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.documents import Document


def _data(text: str) -> str:
    """Neutralise our delimiters and the chat template's control tokens inside untrusted text.

    A document cannot close its own block, nor end the user's turn: the local model reads "<|im_end|>" in a
    prompt as its control token (llama.cpp tokenizes prompts with special tokens on).
    """
    text = re.sub(r"<(/?)\s*(document|documents)", r"‹\1\2", text, flags=re.IGNORECASE)
    return text.replace("<|", "‹|")


def render_documents(documents: Sequence[Document]) -> str:
    """Documents as numbered, delimited blocks: the only form in which retrieved text enters prompts."""
    blocks = [
        f'<document number="{i}" title="{_data(d.get("title", "")).replace(chr(34), chr(39))}">\n'
        f"{_data(d.get('text', ''))}\n</document>"
        for i, d in enumerate(documents, 1)
    ]
    return "<documents>\n" + "\n".join(blocks) + "\n</documents>"

"""The support decision: is a sentence supported by the documents it cites? Read pipeline.py first."""

from verirag.verify.minimal import minimal_quotes
from verirag.verify.pipeline import SWITCHES, decide, judge_draft
from verirag.verify.verdict import Finding, Quote, Support, atom_records, why

__all__ = [
    "SWITCHES",
    "Finding",
    "Quote",
    "Support",
    "atom_records",
    "decide",
    "judge_draft",
    "minimal_quotes",
    "why",
]

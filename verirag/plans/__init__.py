"""A question with several parts: its sub-questions, and which of them waits for another's answer.

By rules (:mod:`~verirag.plans.rules`), then a dependency parse where they find no plan
(:mod:`~verirag.plans.parsed`), with a model's JSON plan read beside them (:func:`from_reply`); every plan is
checked (:func:`valid`) and one that fails is one part. Text only: nothing here imports from the graph, the
chat models or the stores.
"""

from verirag.plans.members import members, proposed, verified_members
from verirag.plans.parts import MEMBER, SubQuestion, fill, groups, hops
from verirag.plans.phrasing import answers, indirect
from verirag.plans.reply import from_reply
from verirag.plans.rules import plan
from verirag.plans.valid import valid

__all__ = [
    "MEMBER",
    "SubQuestion",
    "answers",
    "fill",
    "from_reply",
    "groups",
    "hops",
    "indirect",
    "members",
    "plan",
    "proposed",
    "valid",
    "verified_members",
]

"""verirag — self-reflective, verifiable retrieval-augmented generation as a LangGraph workflow.

Quick use: ``ask("What is the capital city of Japan?")["answer"]`` (sentences with [n] markers);
``check(answer, documents)`` checks an answer written elsewhere. The compiled graphs are
:data:`verirag.workflow.graph` and ``check_graph``; all knobs live in :class:`Context`.
"""

from verirag.api import ask, check, contract
from verirag.errors import VeriragError
from verirag.graph.context import Context

__all__ = ["Context", "VeriragError", "ask", "check", "contract"]
__version__ = "0.1.0"

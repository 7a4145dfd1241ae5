"""verirag — self-reflective, verifiable retrieval-augmented generation as a LangGraph workflow.

Quick use::

    from verirag import ask
    result = ask("What is the capital city of Japan?")
    print(result["answer"])          # sentences with [n] markers
    print(result["documents"])       # the numbered sources, in [n] order

The compiled graph is :data:`verirag.workflow.graph`; all knobs live in :class:`Context`.
"""

from verirag.api import ask, contract
from verirag.errors import VeriragError
from verirag.graph.context import Context

__all__ = ["Context", "VeriragError", "ask", "contract"]
__version__ = "0.1.0"

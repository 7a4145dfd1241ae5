"""verirag — self-reflective, verifiable retrieval-augmented generation as a LangGraph workflow.

Quick use::

    from verirag import ask
    result = ask("What is the capital city of Japan?")
    print(result["answer"])          # sentences with [n] markers
    print(result["documents"])       # the numbered sources, in [n] order

    check("Tokyo is the capital of Japan [1].", [{"title": "Japan", "text": "..."}])  # another's answer

The compiled graphs are :data:`verirag.workflow.graph` and ``check_graph``; all knobs live in
:class:`Context`.
"""

from verirag.api import ask, check, contract
from verirag.errors import VeriragError
from verirag.graph.context import Context

__all__ = ["Context", "VeriragError", "ask", "check", "contract"]
__version__ = "0.1.0"

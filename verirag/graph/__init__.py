"""The verirag LangGraph: state, context, builder."""

from verirag.graph.context import Context
from verirag.graph.state import InputState, OutputState, Sentence, State

__all__ = ["Context", "InputState", "OutputState", "Sentence", "State"]

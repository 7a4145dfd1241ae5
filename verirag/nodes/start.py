"""start — the run's first node: its question checked, its store and judge found, its state initialised.

Every run starts here (and every part of a planned question, which runs the graph again), before any model
loads: a bad question, a store folder with no index or a broken judge model fails in one line. Its update is
:func:`verirag.graph.state.initial`, the fields later nodes read as ``state["x"]``.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.errors import InvalidQuestionError
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import InputState, initial


def check_question(question: object, max_chars: int) -> str:
    """Return the stripped question, or raise :class:`InvalidQuestionError` with a one-line reason."""
    if not isinstance(question, str) or not question.strip():
        raise InvalidQuestionError("the question is empty")
    question = question.strip()
    if len(question) > max_chars:
        raise InvalidQuestionError(
            f"the question has {len(question):,} characters; the limit is {max_chars:,} "
            "(Context.max_question_chars)"
        )
    return question


def check_resources(runtime: Runtime[Context]) -> None:
    """Fail now, in one line, on a store folder with no index or a judge model that cannot load.

    The store is checked when the run retrieves (``top_k > 0``); the judge (``utility_model``) when the
    utility judgments are on. Both are cached for the process, so a part of a planned question pays nothing.
    """
    ctx = runtime.context
    if ctx.top_k > 0:
        found = resources.store(runtime)
        if hasattr(found, "manifest"):  # a store folder: StoreNotFoundError when it has no index
            found.manifest()
    if ctx.utility_model and ctx.utility_mode != "off":
        resources.model(runtime, ctx.utility_model)


def start(state: InputState, runtime: Runtime[Context]) -> dict:
    """Check the question and the run's store and judge; set every field the run reads."""
    question = check_question(state.get("question"), runtime.context.max_question_chars)
    check_resources(runtime)
    return dict(initial(question))

"""Run-time configuration: every knob of the workflow is a field of :class:`Context`.

Nodes read it through ``Runtime[Context]``; LangGraph Studio renders it as the run configuration.
``Context.preset("paper")`` gives the papers' defaults; ``Context.preset("local")`` gives sizes that fit
a 2-core CPU with the embedded 1.5B model.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from verirag.paths import default_store_path

PresetName = Literal["local", "paper"]


@dataclass(kw_only=True)
class Context:
    """All knobs of a verirag run.

    Attributes:
        model: chat model string (see :func:`verirag.models.get_chat_model`): ``local`` (embedded
            Qwen2.5-Coder-1.5B GGUF), ``openai-compatible:MODEL@URL`` or ``provider:model``.
        store: folder of the document store, or a name given to :func:`verirag.stores.register_store`;
            empty means ``$VERIRAG_HOME/store``.
        top_k: documents retrieved for the question and kept as long-term memory (VTG's k);
            0 answers closed-book.
        max_question_chars: longer questions are rejected with a clear error.
        max_answer_tokens: generation budget for the answer.
        answer_samples: answers sampled per question; above 1, the one with the best ALCE citation
            recall (judged by the same model) is kept — ALCE's "Rerank" baseline (4 samples).
        sample_temperature: temperature of those samples ("high temperature" in ALCE/VTG).
        judge_threshold: P(Yes) above which the entailment judge accepts a claim.
    """

    model: str = field(default="local", metadata={"description": "chat model string"})
    store: str = field(default="", metadata={"description": "store folder or registered name"})
    top_k: int = field(default=5, metadata={"description": "documents kept in long-term memory"})
    max_question_chars: int = field(default=2000, metadata={"description": "longest accepted question"})
    max_answer_tokens: int = field(default=256, metadata={"description": "generation budget"})
    answer_samples: int = field(default=1, metadata={"description": "answers sampled (Rerank: 4)"})
    sample_temperature: float = field(default=1.0, metadata={"description": "temperature of samples"})
    judge_threshold: float = field(default=0.5, metadata={"description": "P(Yes) to accept entailment"})


    def store_path(self) -> str:
        return self.store or str(default_store_path())

    @classmethod
    def preset(cls, name: PresetName = "local", **overrides: Any) -> "Context":
        """A context with a named preset's values, then ``overrides``."""
        if name not in _PRESETS:
            raise ValueError(f"unknown preset {name!r}; choose one of {sorted(_PRESETS)}")
        return replace(cls(**_PRESETS[name]), **overrides)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


_PRESETS: dict[str, dict[str, Any]] = {
    "local": {"top_k": 5, "max_answer_tokens": 256},
    "paper": {"top_k": 5, "max_answer_tokens": 512},
}

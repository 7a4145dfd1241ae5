"""Chat models: the factory, the embedded local model and probability scoring of judgments."""

from verirag.models.factory import DEFAULT_MODEL, get_chat_model, register_model, unregister_model
from verirag.models.local import cache_scope
from verirag.models.scoring import Judgment, choice_probabilities, choice_probabilities_batch

__all__ = [
    "DEFAULT_MODEL",
    "Judgment",
    "cache_scope",
    "choice_probabilities",
    "choice_probabilities_batch",
    "get_chat_model",
    "register_model",
    "unregister_model",
]

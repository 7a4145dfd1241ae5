"""Chat models: the factory, the embedded local model and probability scoring of judgments."""

from verirag.models.factory import DEFAULT_MODEL, get_chat_model, register_model, unregister_model
from verirag.models.scoring import Judgment, choice_probabilities, choice_probabilities_batch

__all__ = ["DEFAULT_MODEL", "Judgment", "choice_probabilities", "choice_probabilities_batch",
           "get_chat_model", "register_model", "unregister_model"]

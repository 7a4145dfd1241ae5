"""Errors verirag raises on purpose.

Every one of them carries a message meant for a person: the CLI prints ``error: <message>`` on one line
and exits non-zero, and library users can catch :class:`VeriragError` to handle all of them at once.
"""

from __future__ import annotations


class VeriragError(Exception):
    """Base class for every error verirag raises deliberately."""


class ModelIntegrityError(VeriragError):
    """A model file's sha256 is not the one verirag was built against."""


class ModelNotAvailableError(VeriragError):
    """A model name is unknown, or its weights/packages are not installed."""


class StoreNotFoundError(VeriragError):
    """No index exists where one was expected (run ``verirag ingest`` first)."""


class StoreUnavailableError(VeriragError):
    """The document store exists but could not be opened or queried."""


class IngestError(VeriragError):
    """A path given to ``verirag ingest`` cannot be read."""


class InvalidQuestionError(VeriragError):
    """The question is empty or too long."""


class ModelCallError(VeriragError):
    """A model call kept failing with a transient error after every retry."""


class InvalidAnswerError(VeriragError):
    """An answer to check, or its documents, that cannot be read (one line says why)."""

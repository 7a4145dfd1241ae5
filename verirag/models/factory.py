"""One factory from a model string to a LangChain chat model, created once per string and process.

Strings: ``local`` (the default: the embedded Qwen2.5-Coder-1.5B-Instruct GGUF), ``local-0.5b``,
``openai-compatible:MODEL@BASE_URL``, ``PROVIDER:MODEL`` (:func:`langchain.chat_models.init_chat_model`),
``import:PACKAGE.MODULE:NAME``, or a name registered with :func:`register_model`.
"""

from __future__ import annotations

import os

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.errors import ModelNotAvailableError
from verirag.registry import Registry

DEFAULT_MODEL = "local"
_models: Registry[BaseChatModel] = Registry()


def register_model(name: str, model: BaseChatModel) -> None:
    """Make ``model`` available under ``name`` to :func:`get_chat_model` (and so to ``Context.model``)."""
    _models.register(name, model)


def unregister_model(name: str) -> None:
    """Remove a name added by :func:`register_model` (missing names are ignored)."""
    _models.unregister(name)


def get_chat_model(spec: str = DEFAULT_MODEL) -> BaseChatModel:
    """Return the chat model for ``spec`` (see the module docstring for the accepted strings)."""
    spec = (spec or DEFAULT_MODEL).strip()
    return _models.get(spec, spec, lambda: _create(spec))


def _create(spec: str) -> BaseChatModel:
    from verirag.models.weights import EMBEDDED

    if spec in EMBEDDED:
        from verirag.models.local import LocalChatModel
        from verirag.models.weights import local_model_path

        return LocalChatModel(model_path=str(local_model_path(spec=spec)))
    if spec.startswith("import:"):
        return _imported(spec)
    if spec.startswith("openai-compatible:"):
        from langchain_openai import ChatOpenAI
        from pydantic import SecretStr

        model, sep, base_url = spec.removeprefix("openai-compatible:").partition("@")
        if not sep or not model or not base_url:
            raise ModelNotAvailableError(
                f"model '{spec}': expected openai-compatible:MODEL@BASE_URL, "
                "e.g. openai-compatible:qwen@http://127.0.0.1:8080/v1"
            )
        return ChatOpenAI(
            model=model,
            base_url=base_url,
            temperature=0,
            api_key=SecretStr(os.environ.get("OPENAI_API_KEY", "not-needed")),
        )
    if ":" not in spec:
        raise ModelNotAvailableError(
            f"unknown model '{spec}': use 'local', 'local-0.5b', 'openai-compatible:MODEL@URL' or "
            "'provider:model' (e.g. openai:gpt-4o-mini)"
        )
    from langchain.chat_models import init_chat_model

    try:
        return init_chat_model(spec, temperature=0)
    except Exception as exc:  # init_chat_model raises ValueError/ImportError/validation errors
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ModelNotAvailableError(f"cannot create model '{spec}': {first_line}") from exc


def _imported(spec: str) -> BaseChatModel:
    """``import:MODULE:NAME``: the object, or what calling it returns, must be a chat model."""
    import importlib

    module, sep, name = spec.removeprefix("import:").partition(":")
    try:
        if not sep:
            raise ValueError("expected import:PACKAGE.MODULE:NAME")
        found = getattr(importlib.import_module(module), name)
        model = found() if callable(found) and not isinstance(found, BaseChatModel) else found
    except Exception as exc:  # an import error, a missing name, a failing factory: one line for the user
        raise ModelNotAvailableError(f"model '{spec}': {type(exc).__name__}: {exc}") from exc
    if not isinstance(model, BaseChatModel):
        raise ModelNotAvailableError(
            f"model '{spec}' is a {type(model).__name__}, not a LangChain chat model"
        )
    return model

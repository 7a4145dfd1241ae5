"""The model's plan of a question: its parts, in the question's own words, as JSON under a schema.

A part that needs another part's answer names it in ``uses_answer_of`` and writes ``{member}`` where each
member of that answer goes. The local model decodes under the schema (llama.cpp's grammar); any other model
gets the same instruction and its reply is parsed the same way.
"""

from __future__ import annotations

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

SCHEMA = {
    "type": "object",
    "properties": {
        "parts": {
            "type": "array",
            "minItems": 1,
            "maxItems": 6,
            "items": {
                "type": "object",
                "properties": {
                    "question": {"type": "string"},
                    "uses_answer_of": {"type": ["integer", "null"]},
                },
                "required": ["question", "uses_answer_of"],
            },
        }
    },
    "required": ["parts"],
}

# OpenAI's structured output, which llama.cpp's server takes too; the local model decodes under its grammar
RESPONSE_FORMAT = {"type": "json_schema", "json_schema": {"name": "plan", "schema": SCHEMA}}

SYSTEM = (
    "You split a question into the questions that must be answered, one after another, to answer it. "
    "Most questions are one question: then give it back unchanged as the only part. Split only a question "
    "that asks about several named things (one part each) or asks something of each member of a set (first "
    "a part asking which the members are, then one part for what is asked of each member, with {member} "
    "where the member's name goes and uses_answer_of the number of the part that lists them, counting "
    "from 0). Use the question's own words. Answer with JSON only."
)

EXAMPLES = (
    (
        "What is the capital of France?",
        '{"parts": [{"question": "What is the capital of France?", "uses_answer_of": null}]}',
    ),
    (
        "What are the official languages of Canada?",
        '{"parts": [{"question": "What are the official languages of Canada?", "uses_answer_of": null}]}',
    ),
    (
        "Who founded Apple and Microsoft?",
        '{"parts": [{"question": "Who founded Apple?", "uses_answer_of": '
        'null}, {"question": "Who founded Microsoft?", "uses_answer_of": null}]}',
    ),
    (
        "What are the capitals of the countries that border Chile?",
        '{"parts": [{"question": "Which '
        'countries border Chile?", "uses_answer_of": null}, {"question": "What is the capital of {member}?", '
        '"uses_answer_of": 0}]}',
    ),
)


def messages(question: str) -> list[BaseMessage]:
    """The planning prompt for ``question``: the instruction, worked examples, then the question."""
    shown = "\n\n".join(f"Question: {q}\nPlan: {plan}" for q, plan in EXAMPLES)
    return [
        SystemMessage(SYSTEM),
        HumanMessage(f"{shown}\n\nQuestion: {question}\nPlan:"),
    ]

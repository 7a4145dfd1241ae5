"""The model's plan of a question: its parts, in the question's own words, as JSON under a schema.

A part that needs another part's answer names it in ``uses_answer_of`` and writes ``{member}`` where each
member of that answer goes. The local model decodes under the schema (llama.cpp's grammar); any other model
gets the same instruction and its reply is parsed the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

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
    "A question about one thing is one question: then give it back unchanged as the only part. Split a "
    "question that asks about several named things (one part each), or asks something of each member of a "
    "set (the top five, the largest, the winners of, the members of): first a part asking which the members "
    "are, keeping the set's count, ranking and dates; then one part for each thing asked of a member, with "
    "{member} where the member's name goes (never they, their, them or each) and uses_answer_of the number "
    "of the part that lists the members, counting from 0. A set described through another set is two steps. "
    "Use the question's own words. Answer with JSON only."
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
    (
        "What are the symptoms and causes of malaria?",
        '{"parts": [{"question": "What are the symptoms and causes of malaria?", "uses_answer_of": null}]}',
    ),
    (
        "Who are the three tallest players of the Lakers, and where were they born?",
        '{"parts": [{"question": "Who are the three tallest players of the Lakers?", "uses_answer_of": null}, '
        '{"question": "Where was {member} born?", "uses_answer_of": 0}]}',
    ),
    (
        "Who directed the five highest grossing films of 2010?",
        '{"parts": [{"question": "What are the five highest grossing films of 2010?", "uses_answer_of": null}, '
        '{"question": "Who directed {member}?", "uses_answer_of": 0}]}',
    ),
    (
        "Where were the founders of the two largest banks in Japan born?",
        '{"parts": [{"question": "What are the two largest banks in Japan?", "uses_answer_of": null}, '
        '{"question": "Who are the founders of {member}?", "uses_answer_of": 0}, '
        '{"question": "Where was {member} born?", "uses_answer_of": 1}]}',
    ),
)


def messages(question: str, nearest: Sequence[tuple[str, str]] = ()) -> list[BaseMessage]:
    """The planning prompt for ``question``: the instruction, worked examples as turns, then the question.

    The fixed examples come first (a prefix the model's cache keeps between questions), then ``nearest``,
    worked plans (question, JSON plan) chosen for this question. Each example is a turn of its own,
    question then plan, so the reply plans the last question only.
    """
    turns: list[BaseMessage] = [SystemMessage(SYSTEM)]
    for asked, plan in (*EXAMPLES, *nearest):
        turns += [HumanMessage(f"Question: {asked}"), AIMessage(plan)]
    return [*turns, HumanMessage(f"Question: {question}")]

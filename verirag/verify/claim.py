"""A claim parsed once: its statements, atoms, pairs, key terms (names, numbers, negation), attribute.

:class:`Claim` is what every check, reading and rewrite reads a sentence as. The parsing rules cut clauses,
predicates under one subject, a trailing ", which" or ", with" phrase and a list of three or more names
(:func:`atoms`); a plural attribute of a list of names given as as many values is one statement per pair.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from verirag.text import join_names, singular
from verirag.verify.lexicon import NAMES_AND, key_terms, name_run

_MEMBER = rf"(?:the )?{NAMES_AND}"
_LIST = re.compile(rf"(?P<list>(?:{_MEMBER}, )+{_MEMBER},? (?:and|or) {_MEMBER})")
_NEW_SUBJECT = r"(?:[A-Z]|the [A-Z]|the [a-z]+ of [A-Z]|it |he |she |they |its |his |her |their )"
_CLAUSE = re.compile(rf"(\s*;\s*|,\s+(?:and|but|while|whereas)\s+(?={_NEW_SUBJECT}))")
_FINITE = frozenset(
    """is was are were has had have became becomes become won wins led leads served serves
wrote writes founded founds remains remained lies lay covers covered includes included contains contained
borders bordered holds held hosts hosted produced produces directed directs owns owned""".split()
)
_PLAIN_SUBJECT = re.compile(r"(?:The )?[A-Z][\w-]*(?: [A-Z][\w-]*)*|[A-Z][a-z]+(?: [a-z]+)?")
_PRONOUNS = {"it": "", "he": "", "she": "", "they": "", "its": "'s", "his": "'s", "her": "'s", "their": "'s"}


def as_sentence(text: str) -> str:
    """The text as a sentence: capitalised, ending with a stop."""
    text = text.strip(" ,;")
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _subject(clause: str) -> str:
    """The words before the clause's first finite verb ("" when none is found)."""
    words = clause.split()
    for i, word in enumerate(words[1:], 1):
        if word.lower() in _FINITE:
            return " ".join(words[:i])
    return ""


def _clauses(body: str) -> list[str]:
    """``body`` cut at ";" and at ", and" (", but", ...) before a new subject.

    A part with no finite verb of its own ("..., and Northwest Territories") stays joined to the part before
    it.
    """
    pieces = _CLAUSE.split(body)
    clauses = [pieces[0]]
    for separator, piece in zip(pieces[1::2], pieces[2::2], strict=True):
        if _subject(piece):
            clauses.append(piece)
        else:
            clauses[-1] += separator + piece
    return [c.strip() for c in clauses if c.strip()]


def _resolve(clause: str, subject: str) -> str:
    """A clause opening with a pronoun, its pronoun replaced by ``subject`` when that is a plain name.

    A plain name: "Christopher Marlowe" of "Christopher Marlowe, also known as Kit Marlowe,"; not "Hafez's
    life".
    """
    first, _, rest = clause.partition(" ")
    ending = _PRONOUNS.get(first.lower())
    subject = subject.split(",")[0].strip()
    if ending is None or not _PLAIN_SUBJECT.fullmatch(subject):
        return clause
    return f"{subject}{ending} {rest}"


def _predicates(clause: str) -> list[str]:
    """The predicates of a clause, each with its subject.

    "X was founded in 1457 and became the capital" -> the two predicates, each with X.
    """
    subject = _subject(clause)
    if not subject:
        return [clause]
    parts = re.split(rf"\s+and\s+(?=(?:{'|'.join(sorted(_FINITE))})\b)", clause[len(subject) :])
    if len(parts) == 1:
        return [clause]
    return [subject + parts[0]] + [f"{subject} {p.strip()}" for p in parts[1:]]


_VERB = "|".join(sorted(_FINITE))
# "___" too: the slot check's blank stands for a name
_RELATIVE = re.compile(rf"(?P<name>{NAMES_AND}|_{{3}}),\s+(?:which|who)\s+(?P<said>(?:{_VERB})\s[^;]*)$")


def _relative(clause: str) -> list[str]:
    """A trailing ", which is …" / ", who was …" after a name as its own claim about that name.

    "… is Lahore, which is the capital of Punjab" -> "… is Lahore" and "Lahore is the capital of Punjab".
    """
    match = _RELATIVE.search(clause)
    if match is None or match.start() == 0:
        return [clause]
    return [clause[: match.end("name")], f"{match.group('name')} {match.group('said')}"]


_WITH = re.compile(r",\s+with\s+(?P<having>(?:a|an)\s+[a-z][^,;]*)$")


def _with_phrase(clause: str) -> list[str]:
    """A trailing ", with a population of over 14 million" as its own claim about the clause's subject.

    That claim is "X has a population of over 14 million"; the clause keeps the rest.
    """
    match = _WITH.search(clause)
    subject = _subject(clause)
    if match is None or not subject:
        return [clause]
    return [clause[: match.start()], f"{subject} has {match.group('having')}"]


def list_members(names: str) -> list[str]:
    """The members of a list: "A, B, and C" -> A, B, C."""
    return [m for m in re.split(r",\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+", names) if m]


def _members(clause: str) -> list[str]:
    """A list of three or more names after the clause's first word: one claim per member."""
    match = _LIST.search(clause, 1)
    if match is None:
        return [clause]
    return [
        clause[: match.start()] + member + clause[match.end() :]
        for member in list_members(match.group("list"))
    ]


_SERIES = rf"(?:{_MEMBER}, )*{_MEMBER},? and {_MEMBER}"
_PAIRED = re.compile(
    rf"^(?:[Tt]he )?(?P<attr>[a-z][\w'-]*(?: [a-z][\w'-]*){{0,2}}) of (?P<names>{_SERIES}) (?P<aux>are|were) "
    rf"(?P<values>{_SERIES})(?:,? respectively)?$"
)


def pairs(claim: str) -> list[str]:
    """A plural attribute of a list of names given as a list of as many values, one statement per pair.

    "The capitals of Denmark and Poland are Copenhagen and Warsaw." -> "The capital of Denmark is Copenhagen",
    "The capital of Poland is Warsaw"; [] for any other claim.
    """
    match = _PAIRED.match(claim.strip().rstrip(".!?"))
    if match is None or singular(match["attr"]) == match["attr"]:
        return []
    names, values = list_members(match["names"]), list_members(match["values"])
    if len(names) != len(values):
        return []
    verb = "is" if match["aux"] == "are" else "was"
    return [f"The {singular(match['attr'])} of {n} {verb} {v}" for n, v in zip(names, values, strict=True)]


def statements(claim: str) -> list[str]:
    """The claim's clauses, predicates and trailing phrases, each a sentence; its lists left whole.

    A plural attribute of a list of names given as a list of values is one statement per pair
    (:func:`pairs`).
    """
    return [part for group in statement_groups(claim) for part in group]


def statement_groups(claim: str) -> list[list[str]]:
    """The claim's statements by clause or predicate, each group its own statement first.

    After it comes what its trailing relative clause or "with" phrase says, which stands only beside it.

    "The biggest city in Argentina is Córdoba, which has …" -> [["… is Córdoba", "Córdoba has …"]].
    """
    if paired := pairs(claim):
        return [[p] for p in paired]
    body = claim.strip().rstrip(".!?")
    clauses = _clauses(body)
    subject = _subject(clauses[0]) if clauses else ""
    return [
        [part for said in _relative(predicate) for part in _with_phrase(said)]
        for clause in clauses
        for predicate in _predicates(_resolve(clause, subject))
    ]


def atoms(claim: str) -> list[str]:
    """The atomic claims of ``claim`` (just ``[claim]`` when no rule applies)."""
    out = [
        a for a in dict.fromkeys(as_sentence(m) for part in statements(claim) for m in _members(part)) if a
    ]
    return out if len(out) > 1 else [claim]


_WHO_WHICH = re.compile(r"(?<=[a-z]),? (?:who|which) ")


def relative_heads(claim: str) -> list[str]:
    """Each atom's words before a relative clause on its last noun, when they make a claim of their own.

    "Henry Ford was an American industrialist and business magnate who founded the Ford Motor Company." has
    the head "Henry Ford was an American industrialist and business magnate": a quote that states the
    founding may lack every word of it, yet cover most of the whole atom's words.
    """
    heads = ((atom, _WHO_WHICH.split(atom, maxsplit=1)[0]) for atom in atoms(claim))
    return [head for atom, head in heads if head != atom and len(head.split()) >= 4]


def recompose(claim: str, kept: list[str]) -> str:
    """The claim rewritten from the atoms of it that are ``kept`` (in order).

    A list keeps its kept members in its own sentence ("…include A and C."); other atoms are joined as
    sentences.
    """
    body = claim.strip().rstrip(".!?")
    match = _LIST.search(body, 1)
    if match is not None and _clauses(body) == [body] and _predicates(body) == [body]:
        before, after = body[: match.start()], body[match.end() :]
        framed = {as_sentence(before + m + after): m for m in list_members(match.group("list"))}
        if kept and all(k in framed for k in kept):
            return as_sentence(before + join_names([framed[k] for k in kept]) + after)
    return " ".join(kept)


# "The population of Africa is …": the attribute a claim gives a name (its head noun before "of")
ATTRIBUTE = re.compile(
    r"^(?:The|A|An|Its|His|Her|Their) (?P<words>(?:[a-z][\w-]* ){0,3}?)(?P<head>[a-z][\w-]*) "
    r"of (?:the )?[A-Z]"
)
# "Munich is the capital of Germany": the same attribute, stated from its value
HELD_ATTRIBUTE = re.compile(
    rf"^(?P<value>{name_run(links='of |de |del |la |the ')}) (?:is|was) "
    r"(?:also |now |still )?the (?P<attribute>(?:[a-z][\w-]* ){0,3}?[a-z][\w-]*) "
    r"of (?P<owner>(?:the )?[A-Z].*)$"
)


def attribute_first(statement: str) -> str:
    """A statement of an attribute from its value, turned round; other statements as they are.

    "Munich is the capital of Germany." is read as "The capital of Germany is Munich.".
    """
    statement = statement.strip()
    held = HELD_ATTRIBUTE.match(statement.rstrip("."))
    if held is None or ATTRIBUTE.match(statement):
        return statement
    return f"The {held['attribute']} of {held['owner']} is {held['value']}."


def held_attribute(statement: str) -> tuple[str, str, str, str] | None:
    """A statement "The <attribute> of <Name> is <value>" (or turned round) as value, verb, attribute, owner.

    ("Robert Plant", "is", "lead vocalist", "Led Zeppelin") for "The lead vocalist of Led Zeppelin is Robert
    Plant."; None for other statements.
    """
    statement = attribute_first(statement)
    match = ATTRIBUTE.match(statement)
    if match is None:
        return None
    owner, verb, value = (
        re.split(r" (is|are|was|were) ", statement.rstrip(".")[match.end() - 1 :], maxsplit=1) + [""] * 2
    )[:3]
    return (value, verb, f"{match['words']}{match['head']}", owner) if value and owner else None


@dataclass(frozen=True)
class Claim:
    """A sentence as every check reads it, parsed once (:meth:`of` keeps the parses of recent sentences)."""

    text: str
    statements: tuple[str, ...]  # its clauses, predicates and trailing phrases, each a sentence
    atoms: tuple[str, ...]  # its atomic claims (itself alone when no rule applies)
    pairs: tuple[str, ...]  # a plural attribute of listed names given as listed values: one per pair
    relative_heads: tuple[str, ...]  # its words before a relative clause, where they claim on their own
    terms: tuple[str, ...]  # its names, numbers and dates as digits, and "not" when it negates
    attribute: tuple[str, str, str, str] | None  # "The <attribute> of <owner> is <value>": value, verb, …

    @classmethod
    def of(cls, text: str) -> Claim:
        """The claim ``text`` parsed; an answer word that opens it ("Yes, cricket is …") claims nothing."""
        opened = _ANSWER_WORD.match(text)
        return _parse(text[opened.end()].upper() + text[opened.end() + 1 :] if opened else text)


# "Yes, …" / "No, …" before a yes-no question's answer: the sentence after it is what is claimed
_ANSWER_WORD = re.compile(r"^\s*(?:Yes|No),\s+(?=\w)")


@lru_cache(maxsize=4096)
def _parse(text: str) -> Claim:
    return Claim(
        text,
        tuple(statements(text)),
        tuple(atoms(text)),
        tuple(pairs(text)),
        tuple(relative_heads(text)),
        tuple(key_terms(text)),
        held_attribute(text.strip()),
    )

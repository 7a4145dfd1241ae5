"""What a clause about a set's members asks of one of them.

"where were they born" -> "Where was {member} born?"; "the director of each film" -> "… of {member}".
"""

from __future__ import annotations

import re
from dataclasses import replace

from verirag.plans.parts import MEMBER, SubQuestion
from verirag.plans.phrases import (
    AGREE,
    AGREE_AFTER,
    AUXILIARIES,
    IRREGULAR_PAST,
    NOT_NOUN,
    PARTICIPLES,
    PREPOSITIONS,
    noun_head,
    one_of,
    participle,
    plain_verb,
    plural_noun,
)
from verirag.syntax import parse
from verirag.text import singular

# where ``then`` names the members: "they", "them", "these <noun>", "each of them"
THEY = re.compile(r"\b(?:they|them|(?:each of )?(?:these|those) (?:[a-z]+ )?[a-z]+s|each of them)\b")


_THEIR = re.compile(
    rf"\btheir (?:respective )?(?P<np>[a-z]+(?: (?!(?:{PREPOSITIONS.replace(' ', '|')})\b)[a-z]+(?<!ed))?)\b"
    r"(?= (?:is|are|was|were|located)\b| (?:in|at|on|from)$| at (?:that|the) time$|$)"
)


# "each", "each one", "each film" in a clause after the set: one member ("who directed each film")
_EACH = re.compile(
    rf"\beach(?: one| (?!(?:{'|'.join(sorted(AUXILIARIES | set(PREPOSITIONS.split()) | PARTICIPLES))})\b)"
    r"(?!(?:an?|the)\b)"
    r"(?![a-z]*[^s']s\b|[a-z]+ed\b)[a-z]+(?=[ ?.']|$))?"
)  # a word after "each" ending in one "s" is its verb ("the planet each orbits"), and so is a participle
# ("how many has each won")


# an auxiliary "each" may follow as the member itself: "when did each marry him"
_DO_AUX = ("did", "does", "do", "will", "can", "could", "would")

_NOT_VERBS = frozenset(
    f"each all both also still not never often usually the a an and or but {PREPOSITIONS}".split()
)


_OWNED = re.compile(
    rf"^(?P<wh>.*?)\b(?P<aux>are|were) the (?P<np>[a-z ]+?) of {re.escape(MEMBER)}(?P<rest>.*)$"
)


# what is asked of each member, and the question it becomes for one member
_OF_EACH = (
    (
        r"^(?P<wh>what|who) (?P<aux>is|are|was|were) their (?:respective )?(?P<attr>.+?)"
        r"(?P<when> at (?:that|the) time| then| now| currently| today)?$",
        "{Wh} {aux} the {attr} of {m}{when}?",
    ),
    (r"^their (?:respective )?(?P<attr>.+)$", "What is the {attr} of {m}?"),
    (r"^what (?:is|are) the (?P<attr>.+?) of each(?: of these [a-z]+)?$", "What is the {attr} of {m}?"),
    (r"^where is each [a-z]+'s (?P<attr>.+)$", "Where is the {attr} of {m}?"),
    (r"^each (?:one|[a-z]+)['’]s (?P<attr>[a-z]+(?: [a-z]+)?)$", "What is the {attr} of {m}?"),
)


def of_member(then: str) -> SubQuestion | None:
    """What a clause about a set's members asks of one of them (None when no reading finds the member).

    "what are their capitals" -> "What is the capital of {member}?"; "where were they born" -> "Where was
    {member} born?".
    """
    then = _SAY.sub("", _WHETHER.sub(r"\g<aux> \g<who> ", then))
    return _of_each(then) or _of_one(then)


# where a clause about the members gives way to another: "who wrote each one, and what year did it come out"
AND_ASKS = re.compile(
    rf",? and (?=(?:(?:{PREPOSITIONS.replace(' ', '|')}) )?(?:what|which|who|whom|where|when|how)\b)"
)


# an order to give what is asked: "give me the capital of each" asks "what is the capital of each"
_ORDER_WORDS = r"(?:(?:give|tell|show) me|name|list|state|provide|identify|mention)"
_ORDERED = re.compile(rf"^{_ORDER_WORDS} (?=the )")
# an order that opens a clause about the members, dropped before it is read: "tell me …", "give …", "say …"
ORDER_OPENING = re.compile(rf"^(?:{_ORDER_WORDS}|give|say)\s+", re.IGNORECASE)
# a question written in a clause's order: "how big each country is" asks "how big is each country"
_EMBEDDED = re.compile(
    r"^(?P<wh>how [a-z]+|what [a-z]+) (?P<who>each(?: [a-z]+)?|they) (?P<aux>is|are|was|were)$"
)


def of_each_one(clause: str) -> str:
    """A later clause about one member, its pronoun read as "each" ("what year did it come out")."""
    return re.sub(r"\b(?:it|he|she)\b", "each", re.sub(r"\b(?:its|his)\b", "their", clause))


def asked_of_each(then: str) -> list[SubQuestion]:
    """A part per clause ``then`` joins by "and", each asked of one member ([] when one reads no member).

    "who wrote each one, and what year did it come out" -> "Who wrote {member}?", "What year did {member}
    come out?"; a clause no reading splits is asked whole. A clause asked of the answer of the clause before
    ("which river is each one on, and where does that river rise") waits for that part: its ``depends_on`` is
    that part's place in the list (:func:`placed` puts the parts in a plan); the others' is None.
    """
    clauses = AND_ASKS.split(_ORDERED.sub("what is ", then))
    asked: list[SubQuestion | None] = [of_member(_EMBEDDED.sub(r"\g<wh> \g<aux> \g<who>", clauses[0]))]
    for i, clause in enumerate(clauses[1:]):
        chained = of_answer(clause) if asked[-1] is not None and asked[-1].depends_on is None else None
        asked.append(
            replace(chained, depends_on=i)
            if chained
            else of_member(_EMBEDDED.sub(r"\g<wh> \g<aux> \g<who>", of_each_one(clause)))
        )
    if len(asked) > 1 and all(asked):
        return [a for a in asked if a]
    whole = of_member(then)
    return [whole] if whole else []


# a question's word, after a preposition or not ("which", "in what year", "over what years")
ASKING = r"(?:(?:in|on|at|by|for|from|to|with|over|during) )?(?:which|what|who|whom|where|when|how)\b"


# the answer of the clause before, pointed at: "that river", "that founder", "there"
_THAT_ANSWER = re.compile(r"\b(?:that|this) (?!(?:" + NOT_NOUN + r")\b)[a-z]+\b(?!['’])|\bthere\b(?=[?.]?$)")


def of_answer(clause: str) -> SubQuestion | None:
    """A clause asked of the answer of the clause before it (None when it points at none).

    "where does that river rise" -> "Where does {member} rise?"; "how many people live there" -> "How many
    people live in {member}?".
    """
    found = list(_THAT_ANSWER.finditer(clause))
    if len(found) != 1 or not re.match(ASKING, clause):
        return None
    pointer = found[0]
    said = f"in {MEMBER}" if pointer.group() == "there" else MEMBER
    text = clause[: pointer.start()] + said + clause[pointer.end() :]
    return SubQuestion(text[:1].upper() + text[1:].rstrip("?. ") + "?")


def placed(asked: list[SubQuestion], source: int, first: int) -> list[SubQuestion]:
    """Parts from :func:`asked_of_each` in a plan: after the part ``source``, the first at index ``first``."""
    return [replace(a, depends_on=source if a.depends_on is None else first + a.depends_on) for a in asked]


# an order to say whether the members are something, as the yes-no question: "say whether each is a gas"
_WHETHER = re.compile(
    r"^(?:(?:say|state|tell me) )?(?:whether|if) (?P<who>each(?: one| of them)?|they) "
    r"(?P<aux>is|are|was|were|has|have|does|do|did) "
)


# an order to say what is asked, as the question: "say what colour each one is" -> "what colour each one is"
_SAY = re.compile(r"^(?:say|state|tell me) (?=(?:what|which|who|where|when|how)\b)")


def _of_each(then: str) -> SubQuestion | None:
    """The part asking of each member what ``then`` asks of them all (None when no form reads it)."""
    for form, template in _OF_EACH:
        found = re.match(form, then)
        if found:
            words = {k: one_of(v) if k in ("attr", "noun") else v for k, v in found.groupdict().items()}
            words["aux"] = AGREE.get(words.get("aux", ""), words.get("aux", ""))  # one member: "is", "was"
            words["Wh"], words["when"] = (
                (words.pop("wh", None) or "what").capitalize(),
                words.get("when") or "",
            )
            return SubQuestion(template.format(m=MEMBER, **words))
    return None


def _of_one(then: str) -> SubQuestion | None:
    """The part asking of one member what ``then`` asks of "they", "them" or "these <noun>" (else None).

    "what time zones are they in" -> "What time zone is {member} in?"; "in which cities are they located" ->
    "In which city is {member} located?"; "where are their mouths" -> "Where is the mouth of {member}?";
    "what are the capitals of these countries" -> "What is the capital of {member}?"; "the largest sea they
    each connect with" -> "What is the largest sea {member} connects with?" (a noun phrase keeps its number:
    "the countries through which they flow" -> "What are the countries through which {member} flows?").
    """
    phrase = _their(re.sub(r"\b(they|them) each\b", r"\1", then).replace("each of their ", "their "))
    phrase = THEY.sub(MEMBER, phrase, count=1) if MEMBER not in phrase else phrase
    if MEMBER not in phrase:  # "when did each marry him": after an auxiliary, "each" and a verb
        phrase = re.sub(
            rf"\b({'|'.join(_DO_AUX)}) each(?= [a-z]+(?: (?:him|her|it|the|an?|[A-Z])|[?.]?$))",
            rf"\1 {MEMBER}",
            phrase,
            count=1,
        )  # not "does each country use": a noun, then its verb
    if MEMBER not in phrase and _verb_after_each(phrase):  # "does each carry blood": the parse reads the verb
        phrase = re.sub(rf"\b({'|'.join(_DO_AUX)}) each\b", rf"\1 {MEMBER}", phrase, count=1)
    phrase = _EACH.sub(MEMBER, phrase, count=1) if MEMBER not in phrase else phrase
    if (
        MEMBER not in phrase
        or THEY.search(phrase)
        or (re.search(r"\btheir\b", phrase) and not re.search(r"\bthey\b", then))
    ):
        return None
    owned = _OWNED.match(phrase)
    if owned:  # "where are the mouths of {member}" -> "where is the mouth of {member}"
        aux = AGREE_AFTER[owned["aux"]]
        phrase = f"{owned['wh']}{aux} the {one_of(owned['np'])} of {MEMBER}{owned['rest']}"
    words = phrase.split()
    at = next(i for i, w in enumerate(words) if MEMBER in w)
    after = words[at + 1] if at + 1 < len(words) else ""
    possessive = words[at].endswith("'s")  # "have {member}'s films earned": the verb agrees with the films
    if not owned and not possessive and at > 0 and words[at - 1] in AGREE_AFTER:  # "are they in" -> "is …"
        words[at - 1] = AGREE_AFTER[words[at - 1]]
        wh = re.match(r"^(?:in )?(?:what|which) (?P<np>[a-z]+(?: [a-z]+)?)$", " ".join(words[: at - 1]))
        if wh and words[at - 1] in ("is", "was"):  # "what time zones is" -> "what time zone is"
            words[: at - 1] = " ".join(words[: at - 1]).replace(wh["np"], one_of(wh["np"])).split()
    elif after in AGREE_AFTER and not (at > 0 and words[at - 1] in AUXILIARIES):
        words[at + 1] = AGREE_AFTER[after]
    elif (
        re.fullmatch(r"[a-z]+", after)
        and not possessive  # "{member}'s fur": a noun, no verb
        and after not in _NOT_VERBS
        and not after.endswith(("s", "ed", "ing"))
        and after not in IRREGULAR_PAST
        and not (at > 0 and words[at - 1] in AUXILIARIES)  # "did {member} win" keeps its verb
    ):
        words[at + 1] = after + ("es" if after.endswith(("sh", "ch", "x", "o")) else "s")  # "flow" -> "flows"
    text = " ".join(words)
    owner = re.match(rf"^the (?P<np>[a-z ]+?) of {re.escape(MEMBER)}$", text)
    if owner:  # "the head coaches of {member}": one member's
        text = f"What is the {one_of(owner['np'])} of {MEMBER}"
    elif text.startswith("the "):  # a noun phrase: "the largest sea {member} connects with"
        head = noun_head(text.removeprefix("the ").split(MEMBER)[0])[1]
        text = f"{'What are' if plural_noun(head) else 'What is'} {text}"
    elif indirect := _INDIRECT.match(text):  # "how deep {member} is" -> "how deep is {member}"
        text = f"{indirect['wh']} {indirect['aux']} {indirect['subject']}{indirect['rest']}"
    elif indirect := _INDIRECT_VERB.match(
        text
    ):  # "which sea {member} flows into" -> "… does {member} flow into"
        verb = indirect["verb"]
        verb = verb[:-2] if verb.endswith(("ches", "shes", "sses", "xes", "oes")) else verb[:-1]
        text = f"{indirect['wh']} does {MEMBER} {verb}{indirect['rest']}"
    elif (indirect := _INDIRECT_PAST.match(text)) and (
        indirect["verb"].endswith("ed") or indirect["verb"] in IRREGULAR_PAST
    ):  # "how long {member} reigned" -> "how long did {member} reign"
        text = f"{indirect['wh']} did {MEMBER} {plain_verb(indirect['verb'])}{indirect['rest']}"
    return SubQuestion(text[0].upper() + text[1:] + "?")


def _verb_after_each(phrase: str) -> bool:
    """Whether "each" after an auxiliary stands alone, the parse reading the next word as its verb."""
    doc = parse(phrase)
    return any(
        t.lower_ == "each"
        and 0 < t.i < len(doc) - 1
        and doc[t.i - 1].lower_ in _DO_AUX
        and doc[t.i + 1].tag_ == "VB"
        for t in doc
    )


def _their(phrase: str) -> str:
    """The phrase with "their" read as one member's.

    "their capitals are" -> "the capital of {member} are"; "have their films earned" -> "have {member}'s films
    earned". Beside "they", "their" is the member's already ("did they pursue their education").
    """
    if re.search(r"\bthey\b", phrase):
        return phrase
    done = _DONE_BY_THEIR.search(phrase)
    if done:  # "how did their lives end" -> "how did {member}'s life end"
        return (
            phrase[: done.start("their")] + f"{MEMBER}'s {singular(done['np'])}" + phrase[done.end("their") :]
        )
    read = _THEIR.sub(lambda m: f"the {one_of(m['np'])} of {MEMBER}", phrase, count=1)
    owned_by = _OWNED_BY.search(read)
    if read == phrase and owned_by and participle(owned_by["done"]):
        return phrase.replace(" their ", f" {MEMBER}'s ", 1)
    return read


# "their <noun>" as the subject of a verb after "did": "how did their lives end", "when did their reigns end"
_DONE_BY_THEIR = re.compile(r"\b(?:did|does|do) (?P<their>their (?P<np>[a-z]+s)) [a-z]+$")


_OWNED_BY = re.compile(r"\b(?:have|has|had|were|was) their (?=[a-z]+s (?P<done>[a-z]+)\b)")


# an indirect question's order: "how deep {member} is", "what year {member} was built"
_WH = (  # "how deep", "what year", "where in the country", "which part of the country"
    r"^(?P<wh>(?:in )?(?:how|what|where|when|which|who)"
    rf"(?: (?:in|of) the [a-z]+| (?!(?:{NOT_NOUN})\b)[a-z]+){{0,2}}?)"
)
_WH_MEMBER = rf"{_WH} {re.escape(MEMBER)} "
# "where in the country {member} is", "what colour {member}'s fur is": the member or a thing of theirs
_INDIRECT = re.compile(
    rf"{_WH} (?P<subject>{re.escape(MEMBER)}(?:['’]s [a-z]+)?) (?P<aux>is|was|are|were)"
    r"(?P<rest>(?: [\w'’-]+)*)$"
)
_INDIRECT_VERB = re.compile(
    _WH_MEMBER + r"(?P<verb>[a-z]+[^s\W]s)(?P<rest>(?: into| in| on| at| from| by| to| with)?)$"
)
_INDIRECT_PAST = re.compile(_WH_MEMBER + r"(?P<verb>[a-z]+)(?P<rest>(?: [\w'’-]+)*)$")

"""A question that asks something of each member of a set, read from its dependency parse.

People point at the members three ways: "each of the <set>" or "each <member noun> …" (the set follows);
"each" (one, of them) after a clause that names the set ("Lake Victoria is shared by three countries. What is
the capital of each?"); and a ranked or described set as the subject a wh-question asks about ("Where were
the actors who played James Bond born?"). The part for one member is the question with the set replaced by
:data:`MEMBER`, its verb made singular.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from verirag.plans.parts import MEMBER, SubQuestion
from verirag.plans.phrases import (
    AGREE_AFTER,
    describes_members,
    noun_head,
    plural_noun,
    plural_phrase,
    ranked,
)
from verirag.syntax import parse
from verirag.text import plural

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

_EACH = frozenset({"each", "every"})
_BACK = frozenset({"these", "those", "their", "them", "they", "its", "his", "her", "our", "your"})
_PLURAL = frozenset({"NNS", "NNPS"})
_WH = frozenset("what which who whom whose where when how".split())
_ORDERS = frozenset("name list identify find give state tell".split())
_DO = frozenset({"do", "does", "did"})
# where a clause that names the set ends and the question about each member begins
_BREAK = re.compile(r"(?:[.?!:;,]| -| –| —)?(?:\s+and)?\s+(?=\S)")
_LEFT_BACK = re.compile(r"\b(?:they|them|their|these|those|each|every)\b", re.IGNORECASE)


def each_member(question: str) -> tuple[str, SubQuestion] | None:
    """The set (a phrase, or a question ending "?") and the part asked of each member, if any."""
    doc = parse(question)
    each = next((t for t in doc if t.lower_ in _EACH and _next(t).lower_ != "other"), None)
    return _each(question, each) if each is not None else _subject(doc)


def _each(question: str, each: Token) -> tuple[str, SubQuestion] | None:
    """A set after "each of the" or "each <noun> who …", or one "each" points back at."""
    of = next((c for c in each.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if pobj is not None and pobj.lower_ not in _BACK:
        phrase = _phrase(pobj)
        if pobj.tag_ not in _PLURAL:
            return None
        if phrase[0].lower_ in ("these", "those"):  # "each of those artists": the set named before
            return _named_before(question, each, pobj)
        if phrase[0].lower_ in _BACK:
            return None  # "each of their capital cities": an attribute of each member, a chain
        after = [c for c in pobj.rights if c.pos_ == "ADJ"]
        if after:  # "Where is each of the five … species native to?": the predicate is no part of the set
            phrase = pobj.doc[phrase.start : after[0].left_edge.i]
        return _asked(question, each.idx, phrase, re.sub(r"^the ", "", phrase.text))
    noun = each.head if each.dep_ == "det" else None
    if (
        noun is not None
        and noun.tag_ in ("NN", "NNP")
        and any(c.dep_ in ("relcl", "acl") for c in noun.children)
    ):
        described = _predicate_cut(_phrase(noun))  # "each actor who played …"; not "each team in the league"
        if described is None:
            return None
        many = plural_phrase(question[each.idx + len(each.text) : described.end_char].strip())
        return _asked(question, each.idx, described, many) if many and describes_members(many) else None
    if (
        noun is not None
        and noun.tag_ == "NN"
        and noun.dep_ == "pobj"
        and any(c.dep_ == "compound" and c.tag_ == "NNP" for c in noun.children)
    ):  # "the reign of each Julio-Claudian emperor": a group a name gives, asked of each
        named = noun.doc[each.i + 1 : noun.i + 1]
        many = plural_phrase(named.text)
        return _asked(question, each.idx, named, many) if many else None
    return _named_before(question, each)


def _named_before(question: str, each: Token, noun: Token | None = None) -> tuple[str, SubQuestion] | None:
    """A set named in the clause before "each" (one, of them, <noun>): that clause asks for it.

    A set pointed at by its noun ("each of those artists") is the last plural the clause names.
    """
    breaks = [m for m in _BREAK.finditer(question) if m.group().strip() and m.end() <= each.idx]
    if not breaks:
        return None
    cut = breaks[-1]
    before, after = question[: cut.start()].strip(), question[cut.end() :]
    plurals = [t.lower_ for t in each.doc if t.tag_ in _PLURAL and t.idx < cut.start()]
    if noun is not None and plurals[-1:] != [noun.lower_]:
        return None  # "the host cities of the … Games for the years …, and … each of these Olympic Games"
    if noun is not None:
        rest = question[noun.idx + len(noun.text) :]
    elif each.dep_ == "det" and each.head.i > each.i and not _verb_read_as_noun(each):
        # "each one", "each voice actor": the noun goes with it
        rest = question[each.head.idx + len(each.head.text) :]
    else:
        rest = re.sub(r"^ (?:one|of (?:them|these|those))\b", "", question[each.idx + len(each.text) :])
    template = after[: each.idx - cut.end()] + MEMBER + rest
    asked = set_question(before)
    if asked is None or _LEFT_BACK.search(template):
        return None
    template = re.sub(rf"^(?:{'|'.join(_ORDERS)}) (?=the )", "", template.strip().rstrip("."), flags=re.I)
    if re.match(r"^(?:a|an|the) ", template):  # "Name 4 brain tumors and a mutation associated with each one"
        template = f"What is {template}"
    elif not re.match(
        rf"^(?:{'|'.join(_WH)}|in|on|at|for|from|by|to|with|roughly|approximately|about)\b",
        template,
        re.IGNORECASE,
    ):
        return None
    return asked, SubQuestion(_sentence(template.removesuffix("?") + "?"))


# a set named, then asked for again: "Japan's first two winners of … - who were they, and in what year …?"
_RESTATED = re.compile(
    r"^(?P<set>[^?]+?)(?:[:;.,]| [-–—]) (?P<wh>[Ww]ho|[Ww]hich|[Ww]hat)(?: [a-z]+)? (?P<aux>are|were) "
    r"(?:they|these|those)(?P<rest>(?:,? and [^?]+)?[?.]?)$"
)


def restated(question: str) -> str:
    """A set named, then asked for again, as one question (else the question as it is).

    "<set>: who were they, and …?" -> "Who were <set>, and …?"; "Only two elements are liquid … - which are
    they?" -> "Which two elements are liquid …?".
    """
    found = _RESTATED.match(question)
    if not found:
        return question
    clause = found["set"]
    root = next(t for t in parse(clause) if t.dep_ == "ROOT")
    if root.pos_ in ("NOUN", "PROPN"):  # the set's name alone
        asked = f"{found['wh'].capitalize()} {found['aux']} {re.sub(r'^The ', 'the ', clause)}"
    elif _LEFT_BACK.search(clause):
        return question  # "A and B each have a …": a set named by what each has, asked in steps
    else:  # a clause that names it
        asked = (set_question(clause) or "").removesuffix("?")
    rest = found["rest"] if found["rest"].endswith(("?", ".")) else f"{found['rest']}?"
    return f"{asked}{rest}" if asked else question


def _verb_read_as_noun(each: Token) -> bool:
    """Whether the word after "each" is the verb a parse took for its noun: "what did each play?"."""
    doc, head = each.doc, each.head
    after = doc[head.i + 1] if head.i + 1 < len(doc) else None
    return (
        each.i > 0
        and doc[each.i - 1].lower_ in _DO
        and head.i == each.i + 1
        and (after is None or after.is_punct)
    )


# a tag that asks the reader to agree: "economics has 2 main branches right?"
_TAG = re.compile(r",? (?:right|correct|yes|no|isn['’]t it|aren['’]t they|don['’]t they)$", re.IGNORECASE)


def set_question(clause: str) -> str | None:
    """The question a clause that names a set asks: itself when it asks, else its set made what is asked."""
    clause = _TAG.sub("", re.sub(r"[.?!]$", "", clause.strip()))
    doc = parse(clause)
    first = doc[0].lower_ if len(doc) else ""
    if re.search(r", (?:and )?(?:which|what|who|where|when|how)\b", clause, re.IGNORECASE):
        return None  # two questions already
    if _LEFT_BACK.search(clause):
        return _one_each(clause, doc)  # a set named through another, or one thing each of several has
    if first in _WH:
        return _sentence(clause) + "?"
    order = re.match(rf"^(?:{'|'.join(_ORDERS)}) (?:me )?(?:the )?(?P<set>.+)$", clause, re.IGNORECASE)
    if order:  # "Find the top 5 cities …": a set; "Identify the country with …": one thing
        return f"Which {'are' if plural_noun(noun_head(order['set'])[1]) else 'is'} the {order['set']}?"
    counted = [
        t for t in doc if t.tag_ in _PLURAL and any(c.dep_ in ("nummod", "det", "poss") for c in t.children)
    ]
    if not counted:
        return None
    noun = counted[-1]
    phrase = _phrase(noun)
    if any(t.tag_ in _PLURAL for t in doc[phrase.end :]):
        return None  # "The SI units … are named after scientists": the set "each" points at is not counted
    opens = next(t for t in phrase if t.dep_ not in ("det", "advmod", "predet") or t == noun)
    words = clause[opens.idx : phrase.end_char]  # "Only two elements": the words that describe the set
    verb = noun.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head != verb:
        verb = verb.head  # "sits on the border of two countries": the verb above the preposition
    if noun.dep_ == "pobj" and noun.head.dep_ == "agent":  # "Lake Victoria is shared by three countries"
        subject = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
        aux = next((c for c in verb.children if c.dep_ == "auxpass"), None)
        if subject is None or aux is None:
            return None
        return f"Which are the {words} by which {_phrase(subject).text} {aux.text} {verb.text}?"
    if noun.dep_ == "dobj":  # "Finland has two official languages", "… regards two books as the most …"
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        return (
            f"Which are the {words} that {_phrase(subject).text} {verb.text}{clause[phrase.end_char :]}?"
            if subject is not None
            else None
        )
    if noun.dep_ == "nsubj":  # "Three countries share Lake Victoria"
        return f"Which {words}{clause[phrase.end_char :]}?"
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if noun.dep_ == "pobj" and subject is not None and subject.i < verb.i < noun.i:
        # "Lake Oz sits on the border of two countries" -> "… countries that Lake Oz sits on the border of?",
        # "Curium is named after two scientists" -> "… scientists that Curium is named after?"
        return (
            f"Which are the {words} that {clause[_phrase(subject).start_char : phrase.start_char].strip()}?"
        )
    if doc[0] == phrase[0] or doc[0].tag_ == "IN" and doc[0] == noun.head or doc[0].tag_ == "EX":
        return f"Which are the {words}?"  # the clause is the set: "Among the five …", "There are two kinds …"
    return None


def _one_each(clause: str, doc: Doc) -> str | None:
    """The set a clause names as one thing each of several has, made a question (None when it names none).

    "India and Pakistan have each had a woman prime minister" -> "Which are the woman prime ministers that
    India and Pakistan have each had?".
    """
    each = next((t for t in doc if t.lower_ == "each"), None)
    noun = next(
        (
            t
            for t in doc
            if t.dep_ == "dobj" and t.tag_ == "NN" and any(c.lower_ in ("a", "an") for c in t.children)
        ),
        None,
    )
    if each is None or noun is None or not each.i < noun.i or _LEFT_BACK.search(clause[: each.idx]):
        return None
    det = next(c for c in noun.children if c.lower_ in ("a", "an"))
    words = clause[doc[det.i + 1].idx : noun.idx] + plural(noun.text)
    owner = clause[: det.idx].strip()
    return f"Which are the {words} that {owner}{clause[noun.idx + len(noun.text) : _phrase(noun).end_char]}?"


def _subject(doc: Doc) -> tuple[str, SubQuestion] | None:
    """A ranked set, or one a relative clause describes, that a wh-question asks about as its subject.

    "How tall are the 5 fastest men in the 100-meter dash?", "Where were the actors who played James Bond
    born?"; not "What are the five largest countries?" (the set itself) nor "What do the stripes of the flag
    represent?" (neither ranked nor described by a clause).
    """
    if not len(doc) or doc[0].lower_ not in _WH | {"in", "on", "at", "from", "for", "to", "by"}:
        return None
    root = next(t for t in doc if t.dep_ == "ROOT")
    for noun in doc:
        if noun.tag_ not in _PLURAL or noun.dep_ not in ("nsubj", "nsubjpass", "attr") or noun.head != root:
            continue
        if (
            noun.i <= 1
            or doc[0].head == noun
            or not any(c.dep_ == "det" and c.lower_ == "the" or c.dep_ == "poss" for c in noun.children)
        ):
            continue  # the wh-word's own noun ("What countries …"), or a set not made definite
        whole = _phrase(noun)
        quality = root.lemma_ == "be" and doc[0].head.dep_ == "acomp"  # "How tall are the players who …?"
        phrase = whole if quality else _predicate_cut(whole)
        if phrase is None:
            continue
        after = doc[phrase.end] if phrase.end < len(doc) else None
        if (
            root.lemma_ == "be"
            and not quality
            and phrase.end == whole.end
            and (after is None or after.tag_ not in ("VBN", "JJ", "VBG"))
        ):
            continue  # "What are the five largest countries …": the set itself is asked
        text = re.sub(r"^the ", "", phrase.text)
        if (
            _LEFT_BACK.search(text)
            or not (ranked(text) or any(c.dep_ == "relcl" for c in noun.children))
            or not describes_members(text)
        ):
            continue
        changes = {
            t.i: AGREE_AFTER[t.lower_]
            for t in doc[: phrase.start]
            if t.lower_ in AGREE_AFTER and (t == root or t.head == root)
        }
        supported = any(t.lower_ in _DO for t in doc[: phrase.start])  # "did … do": the plain verb stays
        if phrase.end < len(doc) and doc[phrase.end].tag_ == "VBP" and not supported:
            changes[phrase.end] = _third_person(doc[phrase.end])
        template = _joined(doc, phrase, changes).rstrip(".")
        template = template if template.endswith("?") else f"{template}?"
        return (text, SubQuestion(template)) if not _LEFT_BACK.search(template) else None
    return None


def _predicate_cut(phrase: Span) -> Span | None:
    """The set's phrase without a predicate the parse hung on it ("… James Bond born in", "… start")."""
    doc = phrase.doc
    last = len(doc) - 1 if doc[-1].is_punct else len(doc)
    if phrase.end < last:
        swallowed = any(t.lower_ in _DO for t in doc[: phrase.start]) and not any(
            t.tag_ in ("VB", "VBP") for t in doc[phrase.end :]
        )
        return doc[phrase.start : phrase.end - 1] if swallowed and phrase[-1].tag_ in ("NN", "VB") else phrase
    for token in phrase:
        if token.dep_ == "acl" and token.tag_ == "VBN" and token.head.i >= phrase.start:
            return doc[phrase.start : token.i]  # "the countries of the Iberian Peninsula officially called"
    if any(t.lower_ in _DO for t in doc[: phrase.start]):
        return doc[phrase.start : phrase.end - 1]  # "did each actor who played … start"
    return None


def _third_person(verb: Token) -> str:
    """A plain present verb as it agrees with one member: "live" -> "lives", "carry" -> "carries"."""
    plain = verb.text
    if verb.lemma_ == "have":
        return "has"
    if plain.endswith(("s", "sh", "ch", "x", "z", "o")):
        return plain + "es"
    if plain.endswith("y") and plain[-2:-1] not in "aeiou":
        return plain[:-1] + "ies"
    return plain + "s"


def _joined(doc: Doc, phrase: Span, changes: dict[int, str]) -> str:
    """The question with ``phrase`` as :data:`MEMBER` and the words in ``changes`` replaced."""
    words = [changes.get(t.i, t.text) + t.whitespace_ for t in doc[: phrase.start]]
    words.append(MEMBER + doc[phrase.end - 1].whitespace_)
    words += [changes.get(t.i, t.text) + t.whitespace_ for t in doc[phrase.end :]]
    return _sentence("".join(words))


def _asked(question: str, start: int, phrase: Span, asked: str) -> tuple[str, SubQuestion] | None:
    """The set and the question with ``phrase`` (from ``start``) as :data:`MEMBER`; None if it points back."""
    template = question[:start] + MEMBER + question[phrase.end_char :]
    return None if _LEFT_BACK.search(template) else (asked, SubQuestion(_sentence(template)))


def _phrase(token: Token) -> Span:
    """A token's phrase: its subtree."""
    return token.doc[token.left_edge.i : token.right_edge.i + 1]


def _next(token: Token) -> Token:
    """The token after ``token`` (itself at the end)."""
    return token.doc[token.i + 1] if token.i + 1 < len(token.doc) else token


def _sentence(text: str) -> str:
    """The text stripped, opening with a capital."""
    text = text.strip()
    return text[:1].upper() + text[1:]

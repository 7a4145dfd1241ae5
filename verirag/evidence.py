"""Zero-token evidence checks: which words of a document can support a claim, does it mention its key facts?

:func:`key_terms`, :func:`missing_terms` (a changed year, a swapped name or an added "not" is caught without
asking any model), :func:`contrast_claims`, and :func:`sentence_spans` / :func:`select_quote` (the quote a
check is judged against). Plain text only: nothing here imports from the graph, the models or the stores.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from verirag.text import NAME_LINKS, split_sentences, stemmer

# English function words (NLTK's list) and common sentence openers: never a claim's key fact
_STOP = frozenset(
    """
a about above after again against all also although am an and any are as at be because been before being
below between both but by can could did do does doing down during each either few for from further had has
have having he her here hers herself him himself his how however i if in into is it its itself just many
me more most my myself neither no nor not now of off often on once one only or other our ours ourselves
out over own same she should since so some still such than that the their theirs them themselves then
there these they this those through thus to today too under until up very was we were what when where
whether which while who whom why will with within without would yet you your yours yourself yourselves
""".split()
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_WORD = re.compile(r"[^\W\d_][\w'’\-]*")
_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}


def _plain(word: str) -> str:
    word = word.lower().replace("’", "'")
    return word[:-2] if word.endswith("'s") else word.strip("'-")


def content_words(text: str) -> set[str]:
    """Stemmed words that are not stop words ("Japan's" and "Japan" are the same word), and numbers."""
    words = [_plain(w) for w in _WORD.findall(text)]
    stems = set(stemmer().stemWords([w for w in words if w and w not in _STOP]))
    return stems | {n.replace(",", "") for n in _NUMBER.findall(text)}


_DERIVED = ("", "er", "or", "ed", "ing", "ion")  # endings of a word derived from a stem


def same_stem(a: str, b: str) -> bool:
    """The same stem, or one derived from the other ("found" / "founder"; not "pakistan" / "pakistani")."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and long[len(short) :] in _DERIVED


def stems_held(wanted: set[str], said: set[str]) -> int:
    """How many ``wanted`` words ``said`` holds, a derived word for its stem ("directed" holds "director")."""
    return sum(any(same_stem(w, s) for s in said) for w in wanted)


NEGATION = "not"  # the key term standing for any negation of the claim
_NEGATIONS = frozenset("not no never neither nor none nobody nothing nowhere cannot without".split())
_NOT_NUMBER_SIGN = re.compile(r"\bno\.?\s*\d", re.IGNORECASE)  # "No. 5", "no 1": a number, not a negation


def _negated(text: str) -> bool:
    text = _NOT_NUMBER_SIGN.sub(" ", text.replace("’", "'"))
    return "n't" in text.lower() or any(_plain(w) in _NEGATIONS for w in _WORD.findall(text))


def as_number(text: str) -> str:
    """A number as digits: thousands separators dropped, a decimal's trailing zeros too (1.50 = 1.5)."""
    text = text.replace(",", "")
    return text.rstrip("0").rstrip(".") if "." in text else text


def key_terms(claim: str) -> list[str]:
    """The claim's checkable facts: numbers (as digits), capitalised words and :data:`NEGATION`.

    Capitalised words are names or months; :data:`NEGATION` is there when the claim negates ("not", "never",
    "no", "-n't").

    Stop words never count, capitalised or not ("The", "In", "It"). Numbers in words ("three") are not terms
    of a claim, but the evidence's number words up to twenty match a claim's digits.
    """
    terms: list[str] = [as_number(n) for n in _NUMBER.findall(claim)]
    for match in _WORD.finditer(claim):
        word = _plain(match.group())
        if match.group()[0].isupper() and word not in _STOP:
            terms.append(word)
    if _negated(claim):
        terms.append(NEGATION)
    return list(dict.fromkeys(terms))


def _vocabulary(evidence: str) -> tuple[set[str], set[str]]:
    words = {_plain(w) for w in _WORD.findall(evidence)}
    numbers = {as_number(n) for n in _NUMBER.findall(evidence)}
    numbers |= {_NUMBER_WORDS[w] for w in words if w in _NUMBER_WORDS}
    return words, numbers


# what a name may grow by and still be the same name: its plural, its demonym or adjective
# (Japan/Japanese, Italy/Italian, Iraq/Iraqi, Germany/German); never another name (Iran/Iraq, Mali/Malawi)
_NAME_ENDINGS = ("s", "es", "n", "an", "ian", "ean", "ese", "i", "ic", "ish", "y")


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one name, one of them grown by a plural, demonym or adjective ending."""
    shorter, longer = sorted((a, b), key=len)
    for root in {shorter, shorter[:-1] if shorter[-1:] in ("a", "e", "y") else shorter}:
        if len(root) >= 3 and longer.startswith(root) and longer[len(root) :] in _NAME_ENDINGS:
            return True
    return False


def _word_found(term: str, words: set[str]) -> bool:
    if term in words:
        return True
    stem = stemmer().stemWord(term)
    return any(stemmer().stemWord(word) == stem or same_name(term, word) for word in words)


# a superlative and the words before it that set its degree: "the largest", "the second-largest",
# "the 3rd most populous", "one of the largest"
_SUPERLATIVE = re.compile(r"\b(?:most|least)[-\s]+[a-z]+|\b(?:best|worst|[a-z]{2,}est)\b")
_NOT_SUPERLATIVES = frozenset(
    "west southwest northwest interest forest rest test honest guest protest harvest request contest "
    "modest nest quest chest crest suggest digest arrest invest manifest conquest inquest".split()
)
_ORDINALS = {
    w: str(i)
    for i, w in enumerate(
        "second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(), start=2
    )
}
_ORDINAL = rf"(?:{'|'.join(_ORDINALS)}|\d+(?:st|nd|rd|th))"
_RANKED = re.compile(rf"\b{_ORDINAL}[-\s]+$", re.IGNORECASE)
_HEDGED = re.compile(r"\b(?:one|some|among)\s+(?:of\s+)?(?:the|its|their)\s+(?:[\w'’]+\s+)?$", re.IGNORECASE)
_NOT_THE = re.compile(r"\bnot\s+(?:the|its|their|(?:\w+\s+){0,2}\w+['’]s)\s+$", re.IGNORECASE)


def _superlatives(text: str) -> list[tuple[str, str, set[str]]]:
    """Each superlative of ``text`` with its degree and what it ranks.

    The degree is ``plain``, ``not`` (negated plain), ``hedged`` ("one of the") or its ordinal as digits
    ("second" and "2nd": "2"); what it ranks is the content words of the six words after it, within its clause
    ("largest city in the Sahara": city, Sahara).
    """
    found = []
    for match in _SUPERLATIVE.finditer(text):
        word = " ".join(re.split(r"[-\s]+", match.group()))
        if word in _NOT_SUPERLATIVES:
            continue
        before = text[max(0, match.start() - 40) : match.start()]
        ranked = _RANKED.search(before)
        ordinal = ranked.group().strip(" -").lower() if ranked else ""
        degree = (
            _ORDINALS.get(ordinal, ordinal[:-2])
            if ranked
            else "hedged"
            if _HEDGED.search(before)
            else "not"
            if _NOT_THE.search(before)
            else "plain"
        )
        ranks = re.split(r"[,;:.()]", text[match.end() :], maxsplit=1)[0]
        found.append((word, degree, content_words(" ".join(ranks.split()[:6]))))
    return found


def rank_mismatches(claim: str, evidence: str) -> tuple[list[str], bool]:
    """The claim's superlatives at a degree the evidence never gives them; whether its "not" is a stated rank.

    Where the evidence has the claim's superlative, it must have it at the claim's degree: "the largest" is
    not in "the second-largest" nor in "one of the largest"; "one of the largest" is in any of them; "not the
    largest" is in "the fourth-largest" (and that explains the claim's "not"). Where the evidence ranks the
    same word several times, the degree is read where it ranks what the claim ranks ("the largest city in
    the Sahara" against "the largest city of Mauritania" and "one of the largest cities in the Sahara": the
    latter). A superlative the evidence lacks is left to the other checks.
    """
    stated = _superlatives(evidence)
    missing, negation_explained = [], False
    for word, degree, ranks in _superlatives(claim):
        same = [(len(ranks & other), d) for w, d, other in stated if w == word]
        if not same:
            continue
        closest = max(overlap for overlap, _ in same)
        degrees = {d for overlap, d in same if overlap == closest}
        if degree == "not":
            negation_explained |= bool({d for _, d in same} - {"plain", "not", "hedged"})
        elif degree == "hedged":  # "one of the largest": stated by any degree but "not the largest"
            if not degrees - {"not"}:
                missing.append(word)
        elif degree not in degrees:
            missing.append(word if degree == "plain" else f"#{degree} {word}")
    return missing, negation_explained


_NOT_A_SCOPE = frozenset("only just merely solely even longer".split())  # "not only", "no longer"
_SCOPE_SKIPS = _STOP | _NOT_A_SCOPE


def _stems(words: Sequence[str]) -> list[str]:
    return [stemmer().stemWord(_plain(w)) for w in words]


def dropped_negation(claim: str, evidence: str) -> bool:
    """Whether the claim states without its negation what an evidence sentence negates.

    That is, the first content words after a "not", "never", "no", "cannot" … of the evidence are all in the
    claim, and the claim has no negation in the four words before them ("Food that may not be consumed is
    treif" -> "Food that may be consumed is treif"; not "Tokyo, not Kyoto, is the capital" -> "Tokyo is the
    capital", whose claim lacks "Kyoto").
    """
    claim_words = [w for w in _WORD.findall(_NOT_NUMBER_SIGN.sub(" ", claim.replace("’", "'")))]
    claim_stems = _stems(claim_words)
    for sentence in split_sentences(_NOT_NUMBER_SIGN.sub(" ", evidence.replace("’", "'"))):
        for clause in re.split(r"[,;:()]", sentence):
            words = _WORD.findall(clause)
            for i, word in enumerate(words):
                if not (_negated(word) and words[i + 1 : i + 2] and _plain(words[i + 1]) not in _NOT_A_SCOPE):
                    continue
                if i and word[0].isupper():
                    continue  # a capitalised "No" inside a sentence is a name's ("Dr. No")
                scope = [w for w in words[i + 1 :] if _plain(w) not in _SCOPE_SKIPS][:2]
                stems = _stems(scope)
                if not stems or not set(stems) <= set(claim_stems):
                    continue
                if not any(
                    _negated(w)
                    for at, stem in enumerate(claim_stems)
                    if stem == stems[0]
                    for w in claim_words[max(0, at - 4) : at]
                ):
                    return True
    return False


NUMBER_CONTEXT = 0.5  # share of a clause's words the sentence stating its number must state too


def numbers_out_of_place(
    clauses: Sequence[str], documents: Sequence[tuple[str, str]], share: float = NUMBER_CONTEXT
) -> list[str]:
    """The numbers of the claim's ``clauses`` that no sentence of the documents states beside their clause.

    A sentence of the ``(title, text)`` documents must state the number beside at least ``share`` of what its
    clause says: its other content words, less the document's title (the subject a sentence may call "it"). A
    year or number taken from another sentence is caught ("Oxford was founded in 1096" from "There is evidence
    of teaching as early as 1096"); a number no sentence states is left to :func:`missing_terms`.
    """
    sentences = [
        (content_words(title), content_words(s), {as_number(n) for n in _NUMBER.findall(s)})
        for title, text in documents
        for s in split_sentences(text)
    ]
    out: list[str] = []
    for clause in clauses:
        words = content_words(_NUMBER.sub(" ", clause))
        named = re.match(_NAME_RUN, clause)
        subject = content_words(named.group()) if named else set()
        for number in (as_number(n) for n in _NUMBER.findall(clause)):
            beside = [
                len(said & (words - title or words)) / len(words - title or words)
                if not subject or subject & (said | title)
                else 0.0  # said of another subject ("With a population of over 140 million, Russia …")
                for title, said, stated in sentences
                if number in stated
            ]
            if words and beside and max(beside) < share and number not in out:
                out.append(number)
    return out


_NAME_RUN = rf"[A-Z][\w'’.-]*(?: (?:{NAME_LINKS})?[A-Z][\w'’.-]*)*"
_MEMBER = rf"(?:the )?{_NAME_RUN}"
_LISTED = re.compile(rf"{_MEMBER}(?:, {_MEMBER})*,? (?:and|or) {_MEMBER}")


def name_lists(text: str) -> list[list[str]]:
    """The lists of names of ``text`` ("A, B and C", "A or B"), each as its members."""
    return [
        [m.group().removeprefix("the ").rstrip(".") for m in re.finditer(_MEMBER, found.group())]
        for sentence in split_sentences(text)
        for found in _LISTED.finditer(sentence)
    ]


_PRONOUNS = frozenset("it he she they".split())


def title_subject(title: str) -> str:
    """The name a document's title gives its subject ("Kano (city)", "Hyderabad, Sindh": the first part)."""
    return re.split(r"[,(]", title)[0].strip()


def with_subject(title: str, sentence: str) -> str:
    """The sentence with a leading pronoun ("It", "He" …) read as its document's subject."""
    first, _, rest = sentence.partition(" ")
    return f"{title_subject(title)} {rest}" if rest and _plain(first) in _PRONOUNS else sentence


def unlisted_members(statements: Sequence[str], documents: Sequence[tuple[str, str]]) -> list[str]:
    """The members of the statements' lists that a document lists with their fellows only by swapping them in.

    For each list of a statement, the documents' list that holds most of its members; a member outside that
    list, whose words that list's document states elsewhere, is reported ("the works of Bartholdi and
    Ingres" where the document says "Bartholdi and Daniel Chester French", naming Ingres in another
    sentence). Members gathered from several documents (a two-document claim) are left to the other checks.
    """
    stated = [(text, members) for _, text in documents for members in name_lists(text)]

    def listed(name: str, members: list[str]) -> bool:
        return any(name.lower() == m.lower() or same_name(name.lower(), m.lower()) for m in members)

    out: list[str] = []
    for statement in statements:
        for members in name_lists(statement):
            text, best = max(stated, key=lambda s: sum(listed(m, s[1]) for m in members), default=("", []))
            if not any(listed(m, best) for m in members):
                continue
            said = content_words(text)
            out += [m for m in members if not listed(m, best) and content_words(m) <= said and m not in out]
    return out


# "The population of Africa is …": the attribute a claim gives a name (its head noun before "of")
_ATTRIBUTE = re.compile(
    r"^(?:The|A|An|Its|His|Her|Their) (?P<words>(?:[a-z][\w-]* ){0,3}?)(?P<head>[a-z][\w-]*) "
    r"of (?:the )?[A-Z]"
)
# "Munich is the capital of Germany": the same attribute, stated from its value
_HELD_ATTRIBUTE = re.compile(
    r"^(?P<value>[A-Z][\w'’.-]*(?: (?:of |de |del |la |the )?[A-Z][\w'’.-]*)*) (?:is|was) "
    r"(?:also |now |still )?the (?P<attribute>(?:[a-z][\w-]* ){0,3}?[a-z][\w-]*) "
    r"of (?P<owner>(?:the )?[A-Z].*)$"
)
_NOT_ATTRIBUTES = frozenset(
    "most some many all part parts one each none half much rest majority number total".split()
)


def _same_root(a: str, b: str) -> bool:
    """Two stems of one root: equal, or one the other's start (at least four letters: "headquart")."""
    return a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)))


def _attribute_first(statement: str) -> str:
    """A statement of an attribute from its value, turned round; other statements as they are.

    "Munich is the capital of Germany." is read as "The capital of Germany is Munich.".
    """
    statement = statement.strip()
    held = _HELD_ATTRIBUTE.match(statement.rstrip("."))
    if held is None or _ATTRIBUTE.match(statement):
        return statement
    return f"The {held['attribute']} of {held['owner']} is {held['value']}."


def held_attribute(statement: str) -> tuple[str, str, str, str] | None:
    """A statement "The <attribute> of <Name> is <value>" (or turned round) as value, verb, attribute, owner.

    ("Robert Plant", "is", "lead vocalist", "Led Zeppelin") for "The lead vocalist of Led Zeppelin is Robert
    Plant."; None for other statements.
    """
    statement = _attribute_first(statement)
    match = _ATTRIBUTE.match(statement)
    if match is None:
        return None
    owner, verb, value = (
        re.split(r" (is|are|was|were) ", statement.rstrip(".")[match.end() - 1 :], maxsplit=1) + [""] * 2
    )[:3]
    return (value, verb, f"{match['words']}{match['head']}", owner) if value and owner else None


def unstated_attributes(statements: Sequence[str], documents: Sequence[tuple[str, str]]) -> list[str]:
    """What statements of the form "The <attribute> of <Name> is <value>" give a name that the evidence lacks.

    The head noun and its modifiers ("capital city", "first king") must be in a sentence of the ``(title,
    text)`` documents that states the value's names or numbers, as words of their stems ("headquarter" in
    "headquartered"): "The population of Africa is 30.3
    million km2" is not in "At about 30.3 million km2 … it covers 20% of Earth's land". Where those sentences
    give the attribute of something else and never of the name, that is reported as "<attribute> of <Name>":
    "The capital of Switzerland is Zurich" is not in "… the capital of the canton of Zurich" ("of the
    country" is the document's own subject: its title before a comma or parenthesis). "Munich is the capital
    of Germany" is read as "The capital of Germany is Munich".
    """
    sentences = [
        (title, with_subject(title, x)) for title, text in documents for x in [title, *split_sentences(text)]
    ]
    out = []
    for statement in map(_attribute_first, statements):
        match = _ATTRIBUTE.match(statement)
        if match is None or match["head"] in _NOT_ATTRIBUTES:
            continue
        rest = statement[match.end() - 1 :]
        owner, _, value = (re.split(r" (is|are|was|were) ", rest, maxsplit=1) + ["", ""])[:3]
        terms = [t for t in key_terms(value or owner) if t != NEGATION]
        stating = [
            (t, x) for t, x in sentences if terms and terms[0] in _vocabulary(x)[terms[0][0].isdigit()]
        ]
        said = set().union(
            *(content_words(x.replace("-", " ")) | content_words(x) for _, x in stating or sentences)
        )
        head = stemmer().stemWord(match["head"])
        unsaid = [  # a superlative's degree is read by its own rule ("largest" / "most populous")
            w
            for w in match["words"].split()
            if not re.fullmatch(r"[a-z]{2,}est|most|least", w)
            and any(not any(_same_root(c, x) for x in said) for c in content_words(w))
        ]
        if not any(_same_root(head, word) for word in said) or unsaid:
            out.append(match["head"] if not unsaid else f"{' '.join(unsaid)} {match['head']}")
            continue
        of = re.compile(
            rf"\b{re.escape(match['head'][:4])}\w*(?:\s+[\w-]+){{0,4}}?\s+of\s+((?:[\w'’-]+\s+){{0,4}}[\w'’-]+)",
            re.I,
        )
        owners = [
            content_words(held if re.search(r"\b[A-Z]", held) else re.split(r",| \(", title)[0])
            for title, x in stating
            for m in of.finditer(x)
            for held in [re.split(r"\s+(?:is|are|was|were|has|have|had)\b", m[1])[0]]  # "of the country is …"
        ]
        if owners and value and not any(content_words(owner) & found for found in owners):
            out.append(f"{match['head']} of {owner}")
    return out


COVERAGE = 0.6  # share of its words a claim's quote must hold (v2 calibration: no true claim below 0.67)


def uncovered_words(claim: str, evidence: str, share: float = COVERAGE) -> list[str]:
    """The claim's words that the evidence lacks, when they are more than ``1 - share`` of its words.

    Words are compared by stem root ("vocalist" / "vocal"). "Henry Ford was an American industrialist and
    business magnate" over "It was founded by Henry Ford" lacks half of its words: the judge must not fill
    them in from what it knows.
    """
    words = content_words(claim)
    said = content_words(evidence) | content_words(evidence.replace("-", " "))
    lacking = sorted(w for w in words if not any(_same_root(w, s) for s in said))
    return lacking if words and len(lacking) > (1 - share) * len(words) else []


def missing_terms(claim: str, evidence: str) -> list[str]:
    """The claim's key terms that the evidence does not contain (empty: the guard passes).

    Numbers must be there as written ("100" is not in "1000", "1.5" not in "1.55"); a name as itself,
    its stem or its demonym; the claim's negation as any negation of the evidence (or as a rank:
    "not the largest" in "the fourth-largest"); a superlative at the claim's degree
    (:func:`rank_mismatches`); and the evidence's negation where the claim states what it negates
    (:func:`dropped_negation`, reported as :data:`NEGATION`).
    """
    words, numbers = _vocabulary(evidence)
    missing, negation_explained = rank_mismatches(claim, evidence)
    for term in key_terms(claim):
        if term == NEGATION:
            found = negation_explained or _negated(evidence)
        elif term[0].isdigit():
            found = term in numbers
        else:
            found = _word_found(term, words)
        if not found:
            missing.append(term)
    if NEGATION not in missing and dropped_negation(claim, evidence):
        missing.append(NEGATION)
    return missing


YEAR = re.compile(r"\b(1[0-9]{3}|20[0-2][0-9])\b")
_NAME = re.compile(r"(?<![\w'’-])[A-Z][a-z]+[A-Za-z]*(?![\w'’-])")  # "Punjab", "YouTube"; not "UN"


def standalone_names(text: str) -> list[tuple[int, int]]:
    """Spans of capitalised words that are not stop words and touch no other capitalised word.

    E.g. "Punjab" in "…province of Punjab", not "Soviet" in "the Soviet Union".
    """
    spans = []
    for match in _NAME.finditer(text):
        before, after = text[: match.start()].split()[-1:], text[match.end() :].lstrip()
        if _plain(match.group()) in _STOP or after[:1].isupper():
            continue
        ends_sentence = before and before[0][-1] in '.!?:;,"' and len(before[0]) > 2  # not "O."
        if before and before[0][:1].isupper() and not ends_sentence:
            continue
        spans.append(match.span())
    return spans


def year_swaps(claim: str, evidence: str) -> list[str]:
    """The claim with each of its years replaced by each other year the evidence states."""
    own = set(YEAR.findall(claim))
    others = sorted(set(YEAR.findall(evidence)) - own)
    return [re.sub(rf"\b{year}\b", other, claim) for year in sorted(own) for other in others]


def name_swaps(claim: str, evidence: str) -> list[str]:
    """The claim with each of its standalone names replaced by each standalone name of the evidence.

    Only the evidence's names that the claim does not use, in the evidence's order.
    """
    used = content_words(claim)
    others = list(
        dict.fromkeys(
            evidence[a:b] for a, b in standalone_names(evidence) if not content_words(evidence[a:b]) & used
        )
    )
    return [claim[:a] + other + claim[b:] for a, b in standalone_names(claim) for other in others]


_TOKEN = re.compile(r"\w[\w'’.-]*\w|\w|[^\w\s]")
_LIST_LINKS = frozenset(", and or &".split())
_TERM = re.compile(rf"{_NAME_RUN}|{_NUMBER.pattern}")
_SYMMETRIC = re.compile(
    r"\b(?:borders?|bordered|bordering|married|marries|between|neighbou?rs?|shares?|sharing|versus|vs)\b",
    re.I,
)


def _flat(text: str) -> str:
    return " " + " ".join(w.lower() for w in _TOKEN.findall(text) if w.lower() != "the") + " "


def _named(text: str, titles: Sequence[str] = ()) -> list[str]:
    """The names of ``text`` in order: the ``titles`` it names whole, then runs of capitalised words.

    Leading stop words are cut, and adjectives ("American film") left out.
    """
    spans = [m.span() for t in titles if t for m in re.finditer(rf"(?<!\w){re.escape(t)}(?!\w)", text)]
    found = [(a, text[a:b]) for a, b in spans]
    for match in re.finditer(_NAME_RUN, text):
        if any(a < match.end() and match.start() < b for a, b in spans):
            continue
        words = match.group().rstrip(".").split()
        while words and _plain(words[0]) in _STOP:
            words = words[1:]
        following = text[match.end() :].split(maxsplit=1)
        adjective = (
            len(words) == 1 and following and following[0][:1].islower() and content_words(following[0])
        )
        if words and content_words(" ".join(words)) and not adjective:
            found.append((match.start(), " ".join(words)))
    return [name for _, name in sorted(found)]


# a list said to be of countries, states or cities ("The countries that border X are …"), and a member
# named as a body of water or a landform
POLITY_KINDS = frozenset("countries nations states provinces cities capitals".split())
_POLITIES = re.compile(rf"\b(?:{'|'.join(sorted(POLITY_KINDS))})\b[^,;]*? (?:are|include|includes|were)\b")
_FEATURES = frozenset("sea ocean gulf bay strait river lake mountains desert channel".split())


def is_feature(name: str) -> bool:
    """Whether a name is a body of water or a landform ("the South China Sea", "Mekong River")."""
    return name.split()[-1].lower() in _FEATURES


def misclassed_members(statements: Sequence[str]) -> list[str]:
    """The members of a list of countries (states, cities …) that are named as a sea, river or landform.

    "The countries that border Vietnam are China, Laos, Cambodia, and the South China Sea".
    """
    out = []
    for statement in statements:
        listed = _POLITIES.search(statement)
        if listed:
            tail = statement[listed.end() :]
            out += [name for name in _named(tail) if is_feature(name)]
    return out


def unrelated_names(statements: Sequence[str], documents: Sequence[tuple[str, str]]) -> list[str]:
    """The names a statement joins to its subject that no one of the documents names with it.

    "David Wark Griffith was the director of Gone with the Wind" over "David Wark Griffith was an American
    film director" (D. W. Griffith) and "Gone with the Wind is a 1939 … film" (Gone with the Wind): each
    document names one of the two, none joins them. A document names what its title names; a name no
    document names is :func:`missing_terms`' to report.
    """
    if len(documents) < 2:
        return []
    named = [
        (content_words(f"{title}. {text}"), content_words(title_subject(title))) for title, text in documents
    ]

    def holders(name: str) -> set[int]:
        words = content_words(name)
        return {i for i, (said, title) in enumerate(named) if words <= said or words & title == words}

    out: list[str] = []
    for statement in statements:
        names = _named(statement, [title_subject(title) for title, _ in documents])
        if len(names) < 2:
            continue
        subject = holders(names[0])
        for other in names[1:]:
            held = holders(other)
            if subject and held and not subject & held and other not in out:
                out.append(other)
    return out


# a clause after one of these still states what it says ("…, and Paris is the capital of France")
_CLAUSE_OPENERS = frozenset(
    "and but while whereas yet so because since although though when after before".split()
)


def governed_copies(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The word that governs the claim where the documents hold it word for word only inside a sentence.

    "One of the greatest novels of the 19th century" copied from "… that is considered one of the greatest
    novels of the 19th century": a fragment a word of its sentence ("considered") governs says nothing on
    its own. Empty when any copy opens a sentence or follows punctuation, a clause opener, a name or a number.
    """
    body = " ".join(claim.split()).rstrip(".!?").strip()
    if len(body.split()) < 3:
        return []
    found = []
    for _, text in documents:
        flat = " ".join(text.split())
        for match in re.finditer(re.escape(body), flat, re.IGNORECASE):
            word = re.search(r"([\w'’-]+)$", flat[: match.start()].rstrip())
            if word is None or not word.group(1).islower() or word.group(1) in _CLAUSE_OPENERS:
                return []  # opens a clause, or goes on from a name ("Mount Fuji is …", "In 1990 …")
            found.append(word.group(1))
    return found[:1]


# a part of what a name names: "most of Kazakhstan", "parts of Mexico", "the northern part of Chad"
_PARTITIVE = re.compile(
    r"\b(?P<part>(?:the (?:[a-z]+ern )?)?(?:most|much|some|parts?|portions?|half) of(?: the)?) $",
    re.IGNORECASE,
)


def _partitives(claim: str, documents: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each name of the claim the documents state only as a part, with the part ("most of", "Kazakhstan")."""
    out = []
    texts = [" ".join(text.split()) for _, text in documents]
    for name in dict.fromkeys(m.group().rstrip(".") for m in re.finditer(_NAME_RUN, claim)):
        parts = []
        for text in texts:
            for match in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                part = _PARTITIVE.search(text[: match.start()])
                parts.append(part.group("part").lower() if part else "")
        claimed = _PARTITIVE.search(claim[: claim.find(name)])
        if parts and all(parts) and not claimed:
            out.append((parts[0], name))
    return out


def dropped_partitives(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The claim's names that the documents state only as a part ("most of Kazakhstan"), the part dropped.

    "Kyrgyzstan, Tajikistan and Kazakhstan make up Central Asia" where the document says "consisting of
    Kyrgyzstan, Tajikistan and most of Kazakhstan": reported as "most of Kazakhstan". A name the documents
    also state whole, or that the claim itself qualifies the same way, is not.
    """
    return [f"{part} {name}" for part, name in _partitives(claim, documents)]


def restore_partitives(claim: str, documents: Sequence[tuple[str, str]]) -> str | None:
    """The claim with each part it dropped put back ("… and most of Kazakhstan …"); None when none was."""
    fixed = claim
    for part, name in _partitives(claim, documents):
        bare = re.compile(rf"(?<![\w-])(?:the )?{re.escape(name)}(?![\w-])")
        fixed = bare.sub(f"{part} {name}".replace("\\", r"\\"), fixed, count=1)
    return fixed if fixed != claim else None


def exchanged_terms(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """Two names or numbers of the claim that a sentence of the documents states the other way round.

    "Tallinn is 80 km north of Helsinki" where the document says "Helsinki is 80 km north of Tallinn", "a
    film directed by Sam Spiegel and produced by David Lean" for "directed by David Lean and produced by Sam
    Spiegel", "206 bones at birth … 270 by adulthood" for "270 … 206"; a leading pronoun read as the
    document's title. Members of one list and a symmetric relation ("borders") are not an order.
    """
    claim = " ".join(claim.split()).rstrip(".")
    sentences = []
    for title, text in documents:
        sentences += [_flat(with_subject(title, text[start:end])) for start, end in sentence_spans(text)]
    if any(_flat(claim) in s for s in sentences):
        return []
    spans = [m.span() for m in _TERM.finditer(claim)]
    for i, (a1, a2) in enumerate(spans):
        for b1, b2 in spans[i + 1 :]:
            one, between, other = claim[a1:a2], claim[a2:b1], claim[b1:b2]
            listed = set(_TOKEN.findall(_TERM.sub(" ", between).lower())) <= _LIST_LINKS  # "A, C and B"
            if _flat(one) == _flat(other) or listed or _SYMMETRIC.search(between):
                continue
            swapped = _flat(claim[:a1] + other + between + one + claim[b2:])
            if any(swapped in s for s in sentences):
                return [one, other]
    return []


def contrast_claims(claim: str, evidence: str, limit: int = 6) -> list[str]:
    """The claim's siblings: one year or one name replaced by another the evidence states.

    Years first, at most ``limit``. Each names only what the evidence names, and is false when the claim is
    true: a judge that reads the relation, not only the names, rates the claim above all of them.
    """
    return (year_swaps(claim, evidence) + name_swaps(claim, evidence))[:limit]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text`` (as :func:`verirag.text.split_sentences` cuts them)."""
    spans, cursor = [], 0
    for sentence in split_sentences(text):
        words = sentence.split()
        if not words:
            continue
        pattern = r"\s+".join(re.escape(w) for w in words)
        match = re.compile(pattern).search(text, cursor)
        if match is None:  # not expected: the splitter only rejoins whitespace
            continue
        spans.append((match.start(), match.end()))
        cursor = match.end()
    return spans


def select_quotes(
    claim: str, texts: Sequence[str], max_sentences: int = 3, per_text: int = 2, named: Collection[int] = ()
) -> list[tuple[int, int, int]]:
    """The sentences of ``texts`` that cover most of the claim's content words, greedily.

    Each next one covers the most words not covered yet (ties: a text in ``named``, the claim's own
    documents, then the earlier text, then the earlier sentence); at most ``per_text`` from one text.

    Returns ``(text index, start, end)`` character spans in text order; empty when no sentence shares a
    content word with the claim.
    """
    wanted = content_words(claim)
    sentences = [(t, start, end) for t, text in enumerate(texts) for start, end in sentence_spans(text)]
    covers = [content_words(texts[t][start:end]) & wanted for t, start, end in sentences]
    chosen: list[int] = []
    uncovered = set(wanted)
    while uncovered and len(chosen) < max_sentences:
        full = {t for t in range(len(texts)) if sum(sentences[i][0] == t for i in chosen) >= per_text}
        gains = [
            (len(c & uncovered), sentences[i][0] in named, -i)
            for i, c in enumerate(covers)
            if i not in chosen and sentences[i][0] not in full
        ]
        if not gains or max(gains)[0] == 0:
            break
        best = -max(gains)[2]
        chosen.append(best)
        uncovered -= covers[best]
    return [sentences[i] for i in sorted(chosen)]


def select_quote(claim: str, text: str, max_sentences: int = 2) -> list[tuple[int, int]]:
    """:func:`select_quotes` within one text: ``(start, end)`` spans."""
    return [(start, end) for _, start, end in select_quotes(claim, [text], max_sentences, max_sentences)]


def quote_text(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The quoted sentences, joined by " … " where they are not adjacent."""
    parts, last = [], None
    for start, end in spans:
        if last is not None and text[last:start].strip():
            parts.append("…")
        parts.append(text[start:end])
        last = end
    return " ".join(parts)

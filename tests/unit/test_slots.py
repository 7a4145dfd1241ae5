"""The QA slot check (``slot_check``): a passing claim's blanks, filled by the quote, must be the claim's
own terms; the blanks asked are only those the quote could fill otherwise."""

from __future__ import annotations

from verirag import Context
from verirag.prompts import slot
from verirag.stores import make_document
from verirag.testing import ScriptedChatModel, judgment_reply, last_user_text
from verirag.verify import pipeline as support
from verirag.verify.blanks import Slot, aliases, as_filled, fills, slots
from verirag.verify.checks import slots as slots_check
from verirag.verify.claim import held_attribute
from verirag.verify.evidence import Evidence
from verirag.verify.rewrites import restated_attribute
from verirag.verify.verdict import Failed

LAHORE = make_document(
    "Lahore",
    "Lahore is the capital and largest city of the Pakistani province of "
    "Punjab. It is the second-largest city in Pakistan, after Karachi.",
)
TOKYO = make_document("Tokyo", "Tokyo is the capital and most populous city of Japan.")
FILM = make_document(
    "Gone with the Wind (film)",
    "Gone with the Wind is a 1939 American epic historical romance film adapted from the 1936 novel by "
    "Margaret Mitchell. It was produced by David O. Selznick of Selznick International Pictures and directed "
    "by Victor Fleming.",
)
PRODUCER = "The director of Gone with the Wind was David O. Selznick."


def reader(answers: dict[str, str]):
    """A judge passing every claim (P(Yes) 0.99) that fills each blank as ``answers`` says."""

    def respond(messages, kwargs):
        if messages[0].text == slot.SYSTEM:
            prompt = last_user_text(messages)
            return next((a for masked, a in answers.items() if f"Sentence: {masked}" in prompt), "unknown")
        return judgment_reply(0.99)

    return ScriptedChatModel(respond=respond)


def restated(model, documents, sentence, check):
    """The rewrite ``restated_attribute`` of a failed check: its text, or "" (none)."""
    found = restated_attribute.propose(Failed(documents, sentence, check, ""), model, Context())
    return found.text if found else ""


def decide_one(model, documents, claim, **kw):
    (check,) = support.decide(model, [(documents, claim)], "Tell me about Lahore.", Context(**kw))
    return check


def test_blanks_are_the_terms_after_the_subject_that_the_quote_could_fill_otherwise():
    quote = f"{LAHORE['title']}. {LAHORE['text']}"
    assert slots("Lahore is the capital of Pakistan.", quote) == [
        Slot("Lahore is the capital of ___.", "Pakistan", ("Punjab", "Karachi")),
        Slot("___ is the capital of Pakistan.", "Lahore", ("Punjab", "Karachi")),
    ]  # then the subject
    # no other year in the quote: the year is no blank; the subject never is
    assert slots("Tokyo is the capital of Japan.", "Tokyo is the capital of Japan.") == []
    renamed = "Edo was renamed Tokyo in 1868 by Emperor Meiji."
    quote = "Edo was renamed Tokyo in 1868 after Kyoto lost the court in 1869. Emperor Meiji moved there."
    assert [s.term for s in slots(renamed, quote)] == ["Tokyo", "1868"]  # Meiji: no other emperor
    assert [s.term for s in slots(renamed, quote, limit=1)] == ["Tokyo"]


def test_two_terms_swapped_within_a_sentence_are_blanks_and_the_same_order_is_not():
    quote = "Cactus. A cactus comprises about 127 genera with some 1,750 known species."
    swapped = "A cactus comprises about 1,750 genera with some 127 known species."
    assert [(s.masked, s.rivals) for s in slots(swapped, quote)] == [
        ("A cactus comprises about 1,750 genera with some ___ known species.", ())
    ]  # 1,750: no year
    assert slots("A cactus comprises about 127 genera with some 1,750 known species.", quote) == []
    tributary = "Lualaba River. The Chambeshi is a tributary of the Lualaba River."
    assert [s.term for s in slots("The Lualaba River is a tributary of the Chambeshi.", tributary)] == [
        "Chambeshi"
    ]
    assert slots("The Chambeshi is a tributary of the Lualaba River.", tributary) == []
    han = "The Han Chinese are 91.11% of the population in China and 97% in Taiwan."
    assert [s.term for s in slots("The Han Chinese are 97% of the population in China.", han)] == [
        "97",
        "China",
        "Han Chinese",
    ]


def test_the_reply_fills_the_blank_when_it_names_the_claims_term():
    blank = Slot("Lahore is the capital of ___.", "Pakistan", ("Punjab", "Karachi"))
    assert fills("Pakistan", blank) and fills("the Pakistani state", blank)
    assert not fills("Punjab", blank) and not fills("unknown", blank) and not fills("", blank)
    assert not fills("the Pakistani province of Punjab", blank)  # the term beside a rival: the rival's
    subject = Slot("___ is a cultivar of cabbage.", "Kohlrabi", ("Brussels",))
    assert fills("kohlrabi", subject) and not fills(
        "cabbage", subject
    )  # a name the reader wrote in lower case
    founder = Slot("Apple was founded by ___.", "Steve Jobs", ("Ronald Wayne",))
    assert fills("Jobs", founder) and fills("Steve Jobs and Steve Wozniak", founder)
    assert not fills("Steve Wozniak", founder)  # one shared word is not the same name
    year = Slot("It was founded in ___.", "1457")
    assert fills("1457", year) and not fills("1475", year) and not fills("14570", year)
    league = Slot("There are 32 teams in the ___.", "NFL", ("NBA",))
    assert fills("National Football League", league)  # an acronym and the words it is the initials of
    assert not fills("National Basketball Association", league) and not fills("Football", league)


def test_the_claim_as_the_quote_fills_it_takes_the_one_rival_term_the_reply_names():
    blank, text = Slot("Lahore is the capital of ___.", "Pakistan", ("Punjab", "Karachi")), LAHORE["text"]
    filled = "Lahore is the capital of Punjab."  # in the quote's words
    assert as_filled("Punjab", blank, text) == as_filled("the province of Punjab", blank, text) == filled
    for reply in ("the Pakistani province of Punjab", "unknown", "Punjab and Karachi", "Sindh", ""):
        assert as_filled(reply, blank, text) == "", reply  # the claim's term too, no rival, or two
    # a rival that only the documents' title names, as a word of it, is no correction
    nebula = Slot("It suggests the ___ was formed from gas.", "Solar System", ("Nebular", "Sun"))
    text = (
        "The nebular hypothesis is a model. It suggests the Solar System was formed from gas around the Sun."
    )
    assert as_filled("Nebular", nebula, text, ["Nebular hypothesis"]) == ""
    assert as_filled("the Sun", nebula, text) == "It suggests the Sun was formed from gas."


def test_a_blank_is_read_in_the_sentence_that_states_its_relation_by_a_derived_word():
    ((blank, question, read_in),) = slots_check.questions(PRODUCER, Evidence((), (FILM,)))
    assert blank.term == "David O. Selznick"  # an initial inside a name
    assert "Victor Fleming" in blank.rivals and question == "The director of Gone with the Wind was ___."
    assert "directed by Victor Fleming" in read_in  # "directed" states "director": not the title's sentence


def test_a_sentence_the_quote_fills_otherwise_is_decided_again_as_the_quote_fills_it():
    model = reader({"The director of Gone with the Wind was ___.": "Victor Fleming"})
    question = "Who was the director of Gone with the Wind?"
    check, _, fields = support.judge_draft(model, [FILM], PRODUCER, question, Context())
    assert check.passed and fields["text"] == "The director of Gone with the Wind was Victor Fleming."
    karachi = "Karachi is the second-largest city in Pakistan."
    answers = {
        "___ is the second-largest city in Pakistan.": "Lahore",
        "Karachi is the second-largest city in ___.": "Pakistan",
        "Lahore is the second-largest city in ___.": "Pakistan",
    }
    check, _, fields = support.judge_draft(
        reader(answers), [LAHORE], karachi, "Which is the second-largest city in Pakistan?", Context()
    )
    assert check.passed and fields["text"] == "Lahore is the second-largest city in Pakistan."
    # the blank held a word of the question: the corrected sentence would answer another question
    check, _, fields = support.judge_draft(
        reader(answers), [LAHORE], karachi, "How large is Karachi?", Context()
    )
    assert not check.passed and "text" not in fields
    # the sentence as the quote fills it fails in turn: nothing is kept
    check, _, fields = support.judge_draft(
        reader({**answers, "Lahore is the second-largest city in ___.": "Punjab"}),
        [LAHORE],
        karachi,
        "Which is the second-largest city in Pakistan?",
        Context(),
    )
    assert not check.passed and "text" not in fields


def test_each_claim_decided_together_is_corrected_from_its_own_quote():
    answers = {
        "The director of Gone with the Wind was ___.": "Victor Fleming",
        "Karachi is the second-largest city in ___.": "Pakistan",
        "___ is the second-largest city in Pakistan.": "Lahore",
    }
    karachi = "Karachi is the second-largest city in Pakistan."
    film, city = support.decide(
        reader(answers), [([FILM], PRODUCER), ([LAHORE], karachi)], "Tell me.", Context()
    )
    assert film.corrected == "The director of Gone with the Wind was Victor Fleming."
    assert city.corrected == "Lahore is the second-largest city in Pakistan."


def test_no_blank_for_a_member_of_a_pair_or_a_place_after_its_region():
    quote = "The bullfrog is found in Canada and the United States. It reached Mexico and Cuba."
    claim = "The bullfrog is found in Canada and the United States."
    assert slots(claim, quote) == []  # "Canada and the ___": either member fills it
    luoyang = "Luoyang is in the west of Henan province, China. Japan and Korea are east of it."
    assert slots("Luoyang is in the west of Henan province, China.", luoyang) == []


def test_a_claim_the_quote_fills_otherwise_fails_and_shows_the_quotes_answer():
    false = "Karachi is the second-largest city in Pakistan."
    answers = {
        "Karachi is the second-largest city in ___.": "Pakistan",
        "___ is the second-largest city in Pakistan.": "Lahore",
    }
    model = reader(answers)
    assert decide_one(model, [LAHORE], false, slot_check=False).passed  # without it: a false claim verified
    check = decide_one(model, [LAHORE], false, slot_check=True)
    assert not check.passed and check.rival == "Lahore is the second-largest city in Pakistan."
    true = "Lahore is the capital of Punjab."
    answers = {"Lahore is the capital of ___.": "Punjab", "___ is the capital of Punjab.": "Lahore"}
    kept = decide_one(reader(answers), [LAHORE], true, slot_check=True)
    assert kept.passed and kept.rival == ""
    unknown = decide_one(reader({}), [LAHORE], true, slot_check=True)
    assert not unknown.passed and unknown.rival == "Lahore is the capital of unknown."


def test_a_reply_that_echoes_the_claims_other_party_reads_nothing_and_does_not_fail_it():
    ferdowsi = make_document(
        "Ferdowsi",
        "Ferdowsi was a Persian poet who is notable for being the author of the Shahnameh, one of the "
        "world's longest epic poems created by a single poet.",
    )
    true = "The Shahnameh was written by Ferdowsi."
    (blank,) = [b for b in slots(true, ferdowsi["text"], titles=["Ferdowsi"]) if b.term == "Shahnameh"]
    echo = {blank.masked: "Ferdowsi"}  # the 1.5B reader's reply on the real pair: the claim's own other name
    assert decide_one(reader(echo), [ferdowsi], true).passed
    rival = {blank.masked: "Odyssey"}  # a name the claim does not state: the quote read otherwise
    assert not decide_one(reader(rival), [ferdowsi], true).passed
    assert not decide_one(reader({}), [ferdowsi], true).passed  # "unknown" still fails it


def test_a_reply_that_repeats_a_word_of_the_claim_reads_nothing_and_does_not_fail_it():
    ursa = make_document(
        "Ursa Major",
        "Ursa Major, also known as the Great Bear, is a constellation in the Northern Sky. Its Latin name "
        'means "greater bear", referring to and contrasting it with nearby Ursa Minor, the lesser bear.',
    )
    true = "The Latin name Ursa Major translates as 'greater bear'."
    (blank,) = [b for b in slots(true, ursa["text"], titles=["Ursa Major"]) if b.term == "Latin"]
    echo = {blank.masked: "greater"}  # the 1.5B reader's reply on the v3 dev sentence: a word of the claim
    assert decide_one(reader(echo), [ursa], true).passed
    rival = {blank.masked: "Greek"}  # a word the claim does not hold beside the blank: read otherwise
    assert not decide_one(reader(rival), [ursa], true).passed
    assert not decide_one(reader({}), [ursa], true).passed  # "unknown" still fails it


def test_the_slot_check_costs_nothing_without_blanks_or_without_a_pass():
    model = reader({})
    assert decide_one(model, [TOKYO], "Tokyo is the capital of Japan.", slot_check=True).passed
    assert len(model.calls) == 1  # the quote states no other name: no blank asked
    failing = ScriptedChatModel(respond=lambda messages, kwargs: judgment_reply(0.01))
    assert not decide_one(
        failing, [LAHORE], "Karachi is the second-largest city in Pakistan.", slot_check=True
    ).passed
    assert len(failing.calls) == 1  # a claim that fails is not asked again


def test_no_blank_for_an_adjective_a_unit_or_one_member_of_a_list():
    quote = "Tibet India Asia UTC Java Bouguereau Aurornis AD 1950 2005"
    for claim in (
        "The Dalai Lama led the Tibetan government in exile.",  # an adjective
        "Antigonus took the title of king in 306 BC.",  # a unit
        "The quake struck at 07:58 local time (UTC+7).",  # glued to a symbol
        "A Mw 9.2 earthquake struck.",  # a unit before a number
        "Dallas is located in the U.S. state.",  # an abbreviation
        "Later painters included Thomas Couture and Hans Makart.",  # one of a pair
        "Older avialans include Anchiornis, Xiaotingia, and Baminornis.",
    ):  # one of a list
        assert [s.term for s in slots(claim, quote) if not s.term[0].isdigit()] == [], claim
    quake = (
        "On 26 December 2004, at 07:58:53 local time, a Mw 9.2–9.3 earthquake struck with its epicenter off "
        "the west coast of Aceh, in northern Sumatra, Indonesia."
    )
    quote = quake.replace("local time,", "local time (UTC+7),") + " It reached a Mercalli intensity of IX."
    assert [b.term for b in slots(quake, quote)] == ["Aceh"]  # no part of a time or of a range


def test_no_blank_for_a_figure_that_converts_the_one_before_it():
    quote = "The Lena is 4,294 km (2,668 mi) long. The Ob is 3,650 km (2,270 mi) long."
    figures = [s.term for s in slots("The Lena is 4,294 km (2,668 mi) long.", quote) if s.term[0].isdigit()]
    assert figures == ["4,294"]
    opened = "The hall was built in 1990 (opened 1992)."  # a figure of its own in the parenthesis
    quote = "The hall was built in 1990 (opened 1992), rebuilt in 1991."
    assert [s.term for s in slots(opened, quote) if s.term[0].isdigit()] == ["1992"]


def test_a_name_the_quote_uses_as_an_adjective_has_only_adjectives_for_rivals():
    galileo = (
        "Galileo Galilei was an Italian astronomer, physicist and engineer. He was born in Pisa, then part "
        "of the Duchy of Florence."
    )
    assert slots("Galileo was Italian.", galileo) == []  # no "Galileo was ___." beside Pisa
    rival = galileo.replace("engineer.", "engineer, later a French subject.")
    assert [s.masked for s in slots("Galileo was Italian.", rival)][0] == "Galileo was ___."
    place = "Galileo Galilei was born in Pisa. Italian is spoken in Pisa."  # a noun there: any name rivals it
    assert "Galileo was ___." in [s.masked for s in slots("Galileo was Italian.", place)]


def test_a_blank_is_asked_as_its_own_clause_of_the_sentence_that_states_it():
    klimt = make_document(
        "Gustav Klimt",
        "Gustav Klimt was an Austrian painter. His work helped define the Art Nouveau style in Vienna.",
    )
    nouveau = make_document("Art Nouveau", "Art Nouveau is an international style of art popular in Europe.")
    claim = (
        "Klimt's work helped define the Art Nouveau style in Vienna, "
        "and Art Nouveau was an international style of art popular in Europe."
    )
    model = reader(
        {
            "Klimt's work helped define the Art Nouveau style in ___.": "Vienna",
            "Art Nouveau was an international style of art popular in ___.": "Europe",
            "___'s work helped define the Art Nouveau style in Vienna.": "Gustav Klimt",
        }
    )
    check = decide_one(model, [klimt, nouveau], claim, slot_check=True)
    asked = [last_user_text(m) for m, _ in model.calls if m[0].text == slot.SYSTEM]
    # the sentence joins two documents: each statement on its own quote, where "Europe" has no rival
    assert check.passed and len(asked) == 2
    vienna = next(a for a in asked if "style in ___." in a)
    assert "His work helped define" in vienna and "popular in Europe" not in vienna  # its own document
    assert "Sentence: Klimt's work helped define the Art Nouveau style in ___.\n" in vienna  # its clause


def test_a_relative_clause_that_restates_the_quote_does_not_give_the_blank_away():
    lahore = make_document(
        "Lahore",
        "Lahore, a provincial capital, is the largest city of the Pakistani province of Punjab. "
        "It is a major city of Pakistan, whose capital is Islamabad.",
    )
    claim = "The capital of Pakistan is Lahore, which is the largest city of Punjab."
    model = reader(
        {
            "The capital of Pakistan is ___.": "Islamabad",
            "Lahore is the largest city of ___.": "Punjab",
        }
    )
    check = decide_one(model, [lahore], claim, slot_check=True)
    asked = [last_user_text(m) for m, _ in model.calls if m[0].text == slot.SYSTEM]
    capital = next(a for a in asked if "Sentence: The capital of Pakistan is ___.\n" in a)
    assert "whose capital is Islamabad" in capital  # read where Pakistan's capital is said
    assert not check.passed and "Islamabad" in check.rival


def test_the_subject_is_a_blank_when_the_claim_opens_with_a_name_and_keeps_an_anchor():
    afghanistan = make_document(
        "Afghanistan",
        "Afghanistan is bordered by Pakistan to the east and China "
        "to the northeast. Afghanistan's population is estimated to be 40 million. Its capital is Kabul.",
    )
    moved = "China's capital is Kabul."
    fills = {"___'s capital is Kabul.": "Afghanistan", "China's capital is ___.": "Kabul"}
    # the guard's implied_owner fails it before any model call ("Its capital" is Afghanistan's); the slots
    # read it as well
    assert decide_one(reader(fills), [afghanistan], moved, slot_check=True).decided_by == "implied_owner"
    check = decide_one(reader(fills), [afghanistan], moved, slot_check=True, checks_off=("implied_owner",))
    assert not check.passed and check.rival == "Afghanistan's capital is Kabul."
    quote = f"{afghanistan['title']}. {afghanistan['text']}"
    true = "Afghanistan's population is estimated to be 40 million."
    assert [s.masked for s in slots(true, quote)] == ["___'s population is estimated to be 40 million."]
    # no subject blank: a sentence's first word that the quote never writes as a name, or nothing left to
    # anchor the question
    later = "Later, Afghanistan was bordered by China and Iran."
    assert slots("Later, Afghanistan was bordered by China.", later) == [
        Slot("Later, Afghanistan was bordered by ___.", "China", ("Iran",))
    ]
    assert slots("China is large.", "China and India are large.") == []


def test_a_blank_is_read_in_the_sentence_that_covers_it_with_its_documents_title():
    japan = make_document(
        "Japan",
        "Japan is an island country in East Asia. Its capital and largest city, Tokyo, is the most "
        "populous city in East Asia.",
    )
    model = reader({"___ is the capital of Japan.": "Tokyo", "Tokyo is the capital of ___.": "Japan"})
    assert decide_one(model, [japan], "Tokyo is the capital of Japan.", slot_check=True).passed
    asked = [last_user_text(m) for m, _ in model.calls if m[0].text == slot.SYSTEM]
    (subject,) = [a for a in asked if "Sentence: ___ is the capital of Japan." in a]
    assert "Its capital and largest city" in subject and "island country" not in subject  # no reading


def test_a_member_of_a_list_the_quote_states_is_filled_by_the_whole_list():
    quote = "Tokyo, Osaka and Nagoya are the largest cities of Japan, and Kyoto is its old capital."
    (blank,) = slots("The largest cities of Japan include Osaka.", quote)
    assert blank.listed == ("Tokyo", "Nagoya")
    assert fills("Tokyo, Osaka and Nagoya", blank) and fills("Osaka", blank)
    assert not fills("Tokyo", blank) and not fills("Osaka and Kyoto", blank)  # a rival outside the list
    (pair,) = slots("Osaka is a city of Japan.", "Osaka is a city of Kansai, not far from Kyoto and Japan.")
    assert pair.listed == () and not fills("Kansai and Japan", pair)  # a pair, not a list: rivals stand


def test_a_name_with_a_particle_is_one_term():
    quote = "Leonardo di ser Piero da Vinci was an Italian painter. The Mona Lisa is by Leonardo da Vinci."
    terms = [s.term for s in slots("Leonardo da Vinci was an Italian painter of the Mona Lisa.", quote)]
    assert "Vinci" not in terms and "Leonardo" not in terms  # never "Leonardo da ___"
    beethoven = [
        s.term for s in slots("Ludwig van Beethoven was born in Bonn.", "Ludwig van Beethoven. Bonn, Vienna.")
    ]
    assert "Bonn" in beethoven and not {"Ludwig", "Beethoven"} & set(beethoven)
    # "of the" inside a title: one name, never "Dream of the ___"
    novel = "Dream of the Red Chamber or The Story of the Stone is a Chinese novel by Cao Xueqin."
    dream = [s.term for s in slots("Dream of the Red Chamber was written by Cao Xueqin.", novel)]
    assert "Red Chamber" not in dream and "Dream" not in dream


def test_the_quoted_documents_own_subject_is_asked_through_the_claims_subject_not_as_a_later_blank():
    quote = "Lysistrata. Lysistrata is an ancient Greek comedy by Aristophanes, first staged in Athens."
    claim = "Aristophanes wrote Lysistrata."
    assert [s.masked for s in slots(claim, quote)] == ["Aristophanes wrote ___.", "___ wrote Lysistrata."]
    assert [s.masked for s in slots(claim, quote, titles=["Lysistrata"])] == ["___ wrote Lysistrata."]
    # the capital of the document's own country: asked through the subject ("___ is the capital of
    # Pakistan" answers Islamabad) where the quote names Lahore mid-sentence, else as the later blank
    named = "Pakistan. Islamabad is its capital; Lahore is the capital of the Pakistani province of Punjab."
    asked = slots("Lahore is the capital of Pakistan.", named, titles=["Pakistan"])
    assert [s.masked for s in asked] == ["___ is the capital of Pakistan."]
    unnamed = "Pakistan. Islamabad is its capital. Lahore is the capital of the Pakistani province of Punjab."
    asked = slots("Lahore is the capital of Pakistan.", unnamed, titles=["Pakistan"])
    assert [s.masked for s in asked] == ["Lahore is the capital of ___."]


def test_no_blank_is_a_word_of_a_title_the_claim_names_whole():
    quote = "Gone with the Wind (film). Gone with the Wind is a 1939 film produced by David O. Selznick."
    claim = "The director of Gone with the Wind was Victor Fleming."
    assert "The director of Gone with the ___ was Victor Fleming." in [s.masked for s in slots(claim, quote)]
    titled = slots(claim, quote, titles=["Gone with the Wind (film)"])
    assert all("Gone with the ___" not in s.masked for s in titled)


def test_a_name_the_quote_gives_the_term_in_an_appositive_is_the_term_not_a_rival():
    taejo = make_document(
        "Taejo of Joseon",
        "Taejo, personal name Yi Sŏnggye, later changed to Yi Tan, was the founder and first monarch of "
        "Joseon. He abdicated in 1398.",
    )
    quote = f"{taejo['title']}. {taejo['text']}"
    claim = "Taejo of Joseon was the founder and first monarch of Joseon."
    assert slots(claim, quote) == []  # its other names are no rivals: nothing to ask
    check = decide_one(reader({}), [taejo], claim, slot_check=True)
    assert check.passed and check.extra == ()  # passed without a slot question
    # a blank still asked (another name stated) is filled by one of the term's other names
    moved = quote.replace("He abdicated", "Jeongjong ruled")
    (blank,) = [s for s in slots(claim, moved) if s.term == "Taejo of Joseon"]
    assert blank.aliases == ("Yi Sŏnggye", "Yi Tan") and blank.rivals == ("Jeongjong",)
    assert fills("Yi Sŏnggye", blank) and not fills("Jeongjong", blank)
    confucius = "Confucius, born Kong Qiu, was a Chinese philosopher. Mencius followed Confucius."
    (founder,) = slots("Confucius was a Chinese philosopher.", confucius)
    assert founder.aliases == ("Kong Qiu",) and fills("Kong Qiu", founder)


def test_the_full_name_that_follows_a_title_is_the_titles_subject_not_a_rival():
    lewis = make_document(
        "Carl Lewis", "Frederick Carlton Lewis is an American athlete who won nine Olympic gold medals."
    )
    quote = f"{lewis['title']}. {lewis['text']}"
    (blank,) = [s for s in slots("Carl Lewis won nine Olympic gold medals.", quote) if s.term == "Carl Lewis"]
    assert blank.aliases == ("Frederick Carlton Lewis",) and fills("Frederick Carlton Lewis", blank)
    eliot = "T. S. Eliot. Thomas Stearns Eliot was a poet who wrote The Waste Land."
    assert aliases(eliot, ["T. S. Eliot"]) == {"T. S. Eliot": ("Thomas Stearns Eliot",)}
    assert aliases("Kalidasa. Kālidāsa was a poet.", ["Kalidasa"]) == {"Kalidasa": ("Kālidāsa",)}
    # another person of the surname, or a name not written after the title, is no alias
    cousin = "Theodore Roosevelt. Franklin Delano Roosevelt was his fifth cousin."
    assert aliases(cousin, ["Theodore Roosevelt"]) == {"Theodore Roosevelt": ()}
    trained = "He trained with Carl Lewis. Frederick Carlton Lewis is a coach."
    assert aliases(trained, ["Carl Lewis"]) == {"Carl Lewis": ()}


BAND = make_document(
    "Led Zeppelin",
    "Led Zeppelin were an English rock band formed in London in 1968. The band comprised vocalist Robert "
    "Plant, guitarist Jimmy Page, bass-guitarist and keyboardist John Paul Jones and drummer John Bonham.",
)
RESTATED = {  # the reader of the attribute's blank and of each sentence's own blanks
    "Robert Plant is the ___ of Led Zeppelin.": "vocalist",
    "___ is the vocalist of Led Zeppelin.": "Robert Plant",
    "Robert Plant is the vocalist of ___.": "Led Zeppelin",
}


def test_a_sentence_whose_attribute_words_its_quote_lacks_is_restated_in_the_quotes_words():
    sentence, question = "The lead vocalist of Led Zeppelin is Robert Plant.", "Who sang in Led Zeppelin?"
    answers = {**RESTATED, "The lead vocalist of Led Zeppelin is ___.": "Robert Plant"}
    check, replies, fields = support.judge_draft(reader(answers), [BAND], sentence, question, Context())
    assert check.passed and fields["text"] == "Robert Plant is the vocalist of Led Zeppelin."
    assert "vocalist" in [r.text for r in replies]  # the attribute's blank is in the usage ledger
    # the quote fills the sentence's own blank with another member: the sentence is false, nothing is kept
    guitarist = "The lead guitarist of Led Zeppelin is Robert Plant."
    answers = {**RESTATED, "The lead guitarist of Led Zeppelin is ___.": "Jimmy Page"}
    check, replies, fields = support.judge_draft(reader(answers), [BAND], guitarist, question, Context())
    assert not check.passed and "text" not in fields and "vocalist" in [r.text for r in replies]
    # words the quote does not write are not its words for the attribute (the guard fails the restatement)
    answers = {**RESTATED, "Robert Plant is the ___ of Led Zeppelin.": "frontman"}
    answers["The lead vocalist of Led Zeppelin is ___."] = "Robert Plant"
    check, _, fields = support.judge_draft(reader(answers), [BAND], sentence, question, Context())
    assert not check.passed and "text" not in fields
    # nor is the reader's answer that the quote does not say: no restatement is even made
    answers["Robert Plant is the ___ of Led Zeppelin."] = "unknown"
    (check,) = support.decide(reader(answers), [([BAND], sentence)], question, Context())
    assert not restated(reader(answers), [BAND], sentence, check)
    answers["Robert Plant is the ___ of Led Zeppelin."] = "vocalist"
    assert (
        restated(reader(answers), [BAND], sentence, check) == "Robert Plant is the vocalist of Led Zeppelin."
    )
    # a quote with no other member to fill the sentence's blank: nothing ties its relation to the quote's
    alone = make_document(
        "Led Zeppelin", "Led Zeppelin were a rock band. The band had vocalist Robert Plant."
    )
    (check,) = support.decide(reader(answers), [([alone], sentence)], question, Context())
    assert check.missing and not restated(reader(answers), [alone], sentence, check)


def test_a_statement_of_an_attribute_is_read_as_value_attribute_and_owner():
    want = ("Robert Plant", "is", "lead vocalist", "Led Zeppelin")
    assert held_attribute("The lead vocalist of Led Zeppelin is Robert Plant.") == want
    assert held_attribute("Robert Plant is the lead vocalist of Led Zeppelin.") == want
    assert held_attribute("Robert Plant sang for Led Zeppelin.") is None


def test_the_documents_own_subject_is_not_blanked_where_the_quote_says_it_of_a_pronoun():
    element = make_document(
        "Lowellium",
        "Lowellium is a synthetic element. It is named after the city of Lowell, the location of the Lowell "
        "National Laboratory where it was discovered in December 1952. Like Curium, it is radioactive.",
    )
    # a reader fills the subject's blank with the name beside the pronoun, which the quote does not say
    neighbour = reader({"___ was discovered in December 1952.": "Lowell National Laboratory"})
    assert decide_one(
        neighbour, [element], "Lowellium was discovered in December 1952.", slot_check=True
    ).passed
    assert not any(m[0].text == slot.SYSTEM for m, _ in neighbour.calls)
    # another subject than the documents' own is still blanked, and the quote's answer fails it; so is the
    # documents' own where the quote says the claim of another name
    moved = reader({"___ is found in the Tam Valley.": "Curium"})
    claim = "Lowellium is found in the Tam Valley."
    other = make_document("Lowellium", "Lowellium is a synthetic element. Curium is found in the Tam Valley.")
    assert not decide_one(moved, [other], claim, slot_check=True).passed
    swapped = reader({"___ is named after the city of Lowell.": "Lowellium"})
    check = decide_one(swapped, [element], "Curium is named after the city of Lowell.", slot_check=True)
    assert any(m[0].text == slot.SYSTEM for m, _ in swapped.calls) and not check.passed


def test_a_claim_of_one_name_is_blanked_where_the_name_is_not_the_documents_own_subject():
    painter = make_document(
        "Claude Vernet",
        "Oscar-Claude Vernet was a French painter and founder of Luminism who is seen as a key precursor to "
        "modernism. Luminism takes its name from his painting Lumière.",
    )
    reader_of = reader({"___ is a key precursor to modernism.": "Oscar-Claude Vernet"})
    check = decide_one(reader_of, [painter], "Luminism is a key precursor to modernism.", slot_check=True)
    assert not check.passed and check.decided_by == "slots"
    # the documents' own subject, by its title or by the name its lead opens with, is not blanked alone
    assert decide_one(
        reader_of, [painter], "Oscar-Claude Vernet is a key precursor to modernism.", slot_check=True
    ).passed
    test = make_document(
        "Pap test",
        "The Papanicolaou test (abbreviated as Pap test) is a method of cervical screening. Pap smears "
        "screen for precancerous processes.",
    )
    screens = reader({"The ___ test is a method of cervical screening.": "Pap"})
    assert decide_one(
        screens, [test], "The Papanicolaou test is a method of cervical screening.", slot_check=True
    ).passed
    assert not any(m[0].text == slot.SYSTEM for m, _ in screens.calls)

"""Scores of a transcript against make-speech.py's truth: WER or CER, and word timing.

Used by scripts/bench-recognition.py (and so by `make bench`). Plain Python, no packages.

    import speech_scores as ss
    ss.error_rate(truth_text, hyp_text, "de")      # {"metric": "WER", "rate": 0.05, "errors": 3, "reference": 60}
    ss.timing(truth_words, hyp_words, "de", truth_phrases)
        # {"matched": 55, "words": 60, "mean_abs_start_error": 0.07, "mean_start_error": -0.03, ...}

Words are dicts with "text" and "start" (seconds). Text is compared in a normal form: NFKC,
case-folded, punctuation dropped, Arabic without its vowel marks and with one alef; currency
signs, percent signs and the words for them become one spelling ("dollar", "euro", "percent"),
clock times and decimals split at their separator ("10:30", "10.30" -> "10 30"), thousands
separators dropped ("1,250" -> "1250"), and number words of en, de, es and fr become digits
("twenty five" -> "25", "fünfundvierzig" -> "45"). Japanese and Chinese are scored by
characters (CER) without spaces or punctuation; every other language by words (WER).

Timing: hypothesis and truth tokens are aligned by edit distance (Levenshtein, with
insertions, deletions and substitutions); a truth word counts as matched when one of its
tokens is aligned to an equal token, and its start error is the start of that token's
hypothesis word minus its true start. A phrase start counts when the phrase's first truth
word is matched; the share within 0.2 s is over those.
"""

import re
import statistics
import unicodedata

CHARACTER_LANGUAGES = {"ja", "zh"}
PHRASE_START_TOLERANCE = 0.2

_UNITS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
          "fifteen sixteen seventeen eighteen nineteen",
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
          "fünfzehn sechzehn siebzehn achtzehn neunzehn",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
          "dieciséis diecisiete dieciocho diecinueve",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze "
          "seize dix-sept dix-huit dix-neuf",
}
_TENS = {
    "en": "- - twenty thirty forty fifty sixty seventy eighty ninety",
    "de": "- - zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig",
    "es": "- - veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa",
    "fr": "- - vingt trente quarante cinquante soixante - quatre-vingt -",
}
_HUNDRED = {"en": "hundred", "de": "hundert", "es": "cien", "fr": "cent"}
_THOUSAND = {"en": "thousand", "de": "tausend", "es": "mil", "fr": "mille"}
_PERCENT = {"percent": "percent", "per cent": "percent", "prozent": "percent",
            "por ciento": "percent", "pour cent": "percent", "pourcent": "percent", "%": "percent"}
_CURRENCY = {"$": "dollar", "dollars": "dollar", "dólares": "dollar", "dólar": "dollar",
             "€": "euro", "euros": "euro", "£": "pound", "pounds": "pound"}
_ARABIC_MARKS = re.compile("[\u064b-\u065f\u0670\u0640]")
_ALEF = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ة": "ه"})


def _number_words(language):
    words = {}
    for i, w in enumerate(_UNITS.get(language, "").split()):
        words[w] = i
    for i, w in enumerate(_TENS.get(language, "").split()):
        if w != "-":
            words[w] = i * 10
    if language == "de":
        words["ein"] = 1
    if language == "es":
        words["una"] = 1
    if language == "fr":
        words["une"] = 1
    return words


def _german_compound(word, words):
    """'fünfundvierzig' -> 45, 'einundzwanzig' -> 21; None when it is no such compound."""
    m = re.fullmatch(r"(\w+?)und(\w+)", word)
    if not m:
        return None
    unit = words.get(m.group(1))
    tens = words.get(m.group(2))
    if unit is None or tens is None or not 1 <= unit <= 9 or tens % 10 or tens < 20:
        return None
    return tens + unit


def _join_numbers(tokens, language):
    """Runs of number words (and digits between them) become one number, as digits."""
    words = _number_words(language)
    hundred, thousand = _HUNDRED.get(language), _THOUSAND.get(language)
    out, current, total = [], None, 0

    def flush():
        nonlocal current, total
        if current is not None:
            out.append(str(total + current))
        current, total = None, 0

    for tok in tokens:
        value = words.get(tok)
        if value is None and language == "de":
            value = _german_compound(tok, words)
        if value is not None:
            if current is None:
                current = value
            elif current % 100 >= 20 and current % 10 == 0 and value < 10:
                current += value  # twenty five
            elif current % 100 == 0 and current > 0 and value < 100:
                current += value  # hundred fifty (after "twelve hundred")
            else:
                flush()
                current = value
        elif tok == hundred and current is not None:
            current *= 100
        elif tok == thousand and current is not None:
            total, current = total + current * 1000, 0
        else:
            flush()
            out.append(tok)
    flush()
    return out


def _canonical(text, language):
    """The text in the normal form above, as one string with single spaces."""
    s = unicodedata.normalize("NFKC", text).casefold()
    if language == "ar":
        s = _ARABIC_MARKS.sub("", s).translate(_ALEF)
    s = s.replace("’", "'").replace("'", "")
    s = re.sub(r"(?<=\d)[,.](?=\d{3}(?!\d))", "", s)  # thousands separators
    s = re.sub(r"(?<=\d)[:.,](?=\d)", " ", s)  # clock times, decimals
    for sign in ("$", "€", "£", "%"):
        s = s.replace(sign, " %s " % sign)
    for phrase, word in _PERCENT.items():
        s = re.sub(r"(?<!\w)%s(?!\w)" % re.escape(phrase), " " + word + " ", s)
    s = "".join(" " if unicodedata.category(c)[0] in "PSZ" and c not in "$€£" else c for c in s)
    tokens = []
    for tok in s.split():
        tokens.append(_CURRENCY.get(tok, tok))
    # "$ 20" -> "20 dollar": the sign is read after the number in every language we score.
    fixed = []
    for tok in tokens:
        if fixed and fixed[-1] in ("dollar", "euro", "pound") and tok.isdigit():
            fixed.insert(len(fixed) - 1, tok)
        else:
            fixed.append(tok)
    return " ".join(_join_numbers(fixed, language))


def tokens(text, language):
    """The tokens scored: words, or characters for ja and zh."""
    canonical = _canonical(text, language)
    if language in CHARACTER_LANGUAGES:
        return [c for c in canonical if not c.isspace()]
    return canonical.split()


def _align(ref, hyp):
    """Levenshtein alignment: (edit distance, [(ref index, hyp index) of equal tokens])."""
    n, m = len(ref), len(hyp)
    dist = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        dist[i][0] = i
    for j in range(m + 1):
        dist[0][j] = j
    for i in range(1, n + 1):
        row, prev = dist[i], dist[i - 1]
        for j in range(1, m + 1):
            cost = 0 if ref[i - 1] == hyp[j - 1] else 1
            row[j] = min(prev[j - 1] + cost, prev[j] + 1, row[j - 1] + 1)
    pairs, i, j = [], n, m
    while i > 0 and j > 0:
        cost = 0 if ref[i - 1] == hyp[j - 1] else 1
        if dist[i][j] == dist[i - 1][j - 1] + cost:
            if cost == 0:
                pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif dist[i][j] == dist[i - 1][j] + 1:
            i -= 1
        else:
            j -= 1
    return dist[n][m], pairs[::-1]


def error_rate(truth_text, hyp_text, language):
    """WER (or CER for ja, zh) of hyp_text against truth_text."""
    ref, hyp = tokens(truth_text, language), tokens(hyp_text, language)
    errors, _ = _align(ref, hyp)
    return {"metric": "CER" if language in CHARACTER_LANGUAGES else "WER",
            "rate": errors / len(ref) if ref else float(bool(hyp)),
            "errors": errors, "reference": len(ref), "hypothesis": len(hyp)}


def _owned_tokens(words, language):
    toks, owners = [], []
    for k, w in enumerate(words):
        for t in tokens(w["text"], language):
            toks.append(t)
            owners.append(k)
    return toks, owners


def timing(truth_words, hyp_words, language, truth_phrases=None):
    """Word-start errors (seconds) of hyp_words against truth_words, over matched words."""
    ref, ref_owner = _owned_tokens(truth_words, language)
    hyp, hyp_owner = _owned_tokens(hyp_words, language)
    _, pairs = _align(ref, hyp)
    matched = {}
    for i, j in pairs:
        matched.setdefault(ref_owner[i], hyp_owner[j])
    errors = [hyp_words[h]["start"] - truth_words[t]["start"] for t, h in sorted(matched.items())]
    result = {"words": len(truth_words), "matched": len(errors)}
    if errors:
        result.update({
            "mean_abs_start_error": statistics.fmean(abs(e) for e in errors),
            "mean_start_error": statistics.fmean(errors),
            "median_abs_start_error": statistics.median(abs(e) for e in errors),
            "max_abs_start_error": max(abs(e) for e in errors),
        })
    if truth_phrases is not None:
        firsts = _phrase_first_words(truth_words, truth_phrases)
        measured = [abs(errors_by(matched, hyp_words, truth_words, k)) for k in firsts if k in matched]
        result["phrases"] = len(firsts)
        result["phrases_measured"] = len(measured)
        result["phrase_starts_within"] = sum(1 for e in measured if e <= PHRASE_START_TOLERANCE)
        result["phrase_start_share"] = (result["phrase_starts_within"] / len(measured)) if measured else None
    return result


def errors_by(matched, hyp_words, truth_words, k):
    return hyp_words[matched[k]]["start"] - truth_words[k]["start"]


def _phrase_first_words(truth_words, truth_phrases):
    """Index of each phrase's first word: by the words' "phrase" field, else by start time."""
    if all("phrase" in w for w in truth_words):
        seen, firsts = set(), []
        for k, w in enumerate(truth_words):
            if w["phrase"] not in seen:
                seen.add(w["phrase"])
                firsts.append(k)
        return firsts
    starts = [p["start"] for p in truth_phrases]
    return [min(range(len(truth_words)), key=lambda k: abs(truth_words[k]["start"] - s)) for s in starts]


def words_inside(hyp_words, start, end, margin=0.0):
    """How many hypothesis words overlap [start + margin, end - margin] (the pause clip's pause;
    a margin leaves out real words whose start or end is only off by up to that much)."""
    return sum(1 for w in hyp_words if w["end"] > start + margin and w["start"] < end - margin)

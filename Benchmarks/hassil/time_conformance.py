"""Times hassil on Home Assistant's own tests, the workload of `intentparse test --hassil`.

    python3 Benchmarks/hassil/time_conformance.py ../shared/home-assistant-intents [LANG...]

For each language: the sentence files of sentences/<lang>/ merged as Home Assistant's loader
merges them, its _fixtures.yaml as slot lists ({area}, {floor}, {name} with each entity's domain
and attributes as context), and every sentence of tests/<lang>/*.yaml recognized with
recognize_best (the test's context, best_slot_name "name"), once untimed, then timed for
for at least one round and ten seconds. Prints the time per sentence and how many sentences gave
the intent the test expects.
"""

import glob
import os
import sys
import time
from dataclasses import replace

import yaml
from hassil import Intents, TextSlotList, Trie, merge_dict, parse_sentence, recognize_best, sample_expression
from hassil.util import is_template


def load_intents(folder, language):
    """As Home Assistant's tests load them: _common.yaml's lists, rules and skip words, with
    the intents of every other file merged."""
    files = {}
    for path in sorted(glob.glob(os.path.join(folder, "sentences", language, "*.yaml"))):
        with open(path, encoding="utf-8") as file:
            files[os.path.basename(path)] = yaml.safe_load(file) or {}
    common = files.pop("_common.yaml", {})
    common.setdefault("intents", {})
    merged = {}
    for data in files.values():
        merge_dict(merged, data)
    return replace(Intents.from_dict(common), intents=Intents.from_dict(merged).intents)


def spellings(name):
    """A fixture's name, or every sentence its template can say."""
    if not is_template(name):
        return [name.strip()]
    return [text.strip() for text in sample_expression(parse_sentence(name).expression)]


def slot_lists(fixtures):
    """{area}, {floor} and {name} (each entity's domain and attributes as its context)."""
    lists = {
        "area": TextSlotList.from_strings([n for area in fixtures.get("areas", []) for n in spellings(area["name"])]),
        "floor": TextSlotList.from_strings([n for floor in fixtures.get("floors", []) for n in spellings(floor["name"])]),
    }
    entities = []
    for entity in fixtures.get("entities", []):
        context = {"domain": entity["id"].split(".", 1)[0], **entity.get("attributes", {})}
        entities.extend((name, name, context) for name in spellings(entity["name"]))
    lists["name"] = TextSlotList.from_tuples(entities)
    return lists


def test_cases(folder, language):
    """(sentence, expected intent, context) for every test sentence."""
    cases = []
    for path in sorted(glob.glob(os.path.join(folder, "tests", language, "*.yaml"))):
        if os.path.basename(path).startswith("_"):
            continue
        with open(path, encoding="utf-8") as file:
            document = yaml.safe_load(file) or {}
        for test in document.get("tests", []) or []:
            intent = test.get("intent") or {}
            for sentence in test.get("sentences", []) or []:
                cases.append((sentence, intent.get("name"), intent.get("context", {}) or {}))
    return cases


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "../shared/home-assistant-intents"
    languages = sys.argv[2:] or sorted(os.listdir(os.path.join(folder, "tests")))
    for language in languages:
        intents = load_intents(folder, language)
        with open(os.path.join(folder, "tests", language, "_fixtures.yaml"), encoding="utf-8") as file:
            lists = slot_lists(yaml.safe_load(file) or {})
        # As Home Assistant's runner does (and Home Assistant itself), the {name} list holds
        # only the names found in the sentence; that filter is left out of the time.
        trie = Trie()
        for value in lists["name"].values:
            trie.insert(value.text_in.text.strip().lower(), value)
        runs = []
        for sentence, intent, context in test_cases(folder, language):
            names = TextSlotList(name="name", values=[found[2] for found in trie.find(sentence.lower())])
            runs.append((sentence, intent, context, {**lists, "name": names}))

        def recognize(run):
            sentence, _, context, run_lists = run
            return recognize_best(sentence, intents, slot_lists=run_lists, intent_context=context, best_slot_name="name")

        results = [recognize(run) for run in runs]
        same = sum(1 for run, result in zip(runs, results) if result is not None and result.intent.name == run[1])
        rounds, elapsed = 0, 0.0
        while rounds < 1 or elapsed < 10:
            start = time.perf_counter()
            for run in runs:
                recognize(run)
            elapsed += time.perf_counter() - start
            rounds += 1
        per_sentence = elapsed / (rounds * len(runs)) * 1000
        print(
            f"{language}: {len(runs)} sentences, {same} give the expected intent; "
            f"{per_sentence:.2f} ms a sentence ({rounds} rounds)"
        )


if __name__ == "__main__":
    main()

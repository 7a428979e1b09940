"""Converts the messaging and lists grammars into a plain hassil file, for a side-by-side timing.

hassil has no vocabulary-bound lists, entities or automatic app prefixes, so: open vocabulary
lists become wildcards, closed ones the apps' phrases, entities a 0-100 range, and every sentence
without {app} is wrapped in [<app_prefix>] … [<app_suffix>] as intentparse does.

    python3 Benchmarks/hassil/convert.py OUT_DIR      (run from the repository root)
"""
import json, glob, os, plistlib, sys
import yaml

out_dir = sys.argv[1] if len(sys.argv) > 1 else '/tmp/hassil'
os.makedirs(out_dir, exist_ok=True)
files = ['Grammars/en/_common.yaml', 'Grammars/en/messaging.yaml', 'Grammars/en/listsAndNotes.yaml']
merged = {'language': 'en', 'intents': {}, 'lists': {}, 'expansion_rules': {}, 'skip_words': []}
for f in files:
    d = yaml.safe_load(open(f))
    for k, v in (d.get('intents') or {}).items(): merged['intents'].setdefault(k, {'data': []})['data'] += v['data']
    merged['lists'].update(d.get('lists') or {})
    merged['expansion_rules'].update(d.get('expansion_rules') or {})
    merged['skip_words'] += d.get('skip_words') or []
def vocab(kind):
    out = []
    for p in glob.glob('Vocabulary/*/en.lproj/UserVocabulary.plist'):
        d = plistlib.load(open(p, 'rb'))
        for item in d.get(kind, []):
            out.append(item['phrase'] if isinstance(item, dict) else item)
    return sorted(set(out))
apps = []
for p in glob.glob('Vocabulary/*/Info.plist'):
    d = plistlib.load(open(p, 'rb'))
    apps += [d['CFBundleDisplayName'], d.get('CFBundleName', d['CFBundleDisplayName'])] + [a['INAlternativeAppName'] for a in d.get('INAlternativeAppNames', [])]
lists = {}
for name, l in merged['lists'].items():
    if 'vocabulary' in l:
        vals = vocab(l['vocabulary'])
        lists[name] = {'wildcard': True} if l.get('wildcard') else {'values': vals or ['x']}
    elif 'entity' in l:
        lists[name] = {'range': {'from': 0, 'to': 100}}
    elif 'parameter' in l:
        lists[name] = {'wildcard': True}
    else:
        lists[name] = {k: v for k, v in l.items() if k in ('values', 'range', 'wildcard')}
        if 'values' in lists[name]:
            lists[name]['values'] = [v if not isinstance(v, dict) else
                                     {'in': v['in'], 'out': json.dumps(v['out']) if isinstance(v.get('out'), dict) else v.get('out', v['in'])}
                                     for v in lists[name]['values']]
lists['app'] = {'values': sorted(set(apps))}
merged['lists'] = lists
# hassil does not wrap sentences in app prefixes/suffixes: do it in the templates, as our engine does.
for intent in merged['intents'].values():
    for block in intent['data']:
        block.pop('slots', None)
        block['sentences'] = [s if '{app}' in s else f"[<app_prefix>] {s} [<app_suffix>]" for s in block['sentences']]
yaml.safe_dump(merged, open(os.path.join(out_dir, 'en.yaml'), 'w'), sort_keys=False, allow_unicode=True)
sentences = []
for f in ['Corpus/en/messaging.yaml', 'Corpus/en/listsAndNotes.yaml']:
    for t in yaml.safe_load(open(f))['tests']:
        sentences += t['sentences']
open(os.path.join(out_dir, 'sentences.txt'), 'w').write('\n'.join(sentences) + '\n')
print(len(sentences), 'sentences,', sum(len(b['sentences']) for i in merged['intents'].values() for b in i['data']), 'templates')

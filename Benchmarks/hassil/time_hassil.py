"""Times hassil's recognize() on the converted file: python3 Benchmarks/hassil/time_hassil.py OUT_DIR"""
import io, os, sys, time

from hassil import Intents, recognize

out_dir = sys.argv[1] if len(sys.argv) > 1 else '/tmp/hassil'
intents = Intents.from_yaml(io.StringIO(open(os.path.join(out_dir, 'en.yaml')).read()))
sentences = open(os.path.join(out_dir, 'sentences.txt')).read().splitlines()
recognize(sentences[0], intents)
n = 0; matched = 0
start = time.perf_counter()
deadline = start + 60
for s in sentences:
    r = recognize(s, intents)
    n += 1; matched += r is not None
    if time.perf_counter() > deadline: break
elapsed = time.perf_counter() - start
print(f"hassil: {n} sentences in {elapsed:.2f} s = {elapsed/n*1000:.2f} ms per sentence ({n/elapsed:.1f}/s), matched {matched}")

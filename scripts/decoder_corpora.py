"""Deterministic plaintexts for the ContentDecoder scripts: generate-decoder-vectors.py (test
vectors) and bench-decoder.sh (throughput corpora) share them."""
import gzip
import json
import os
import random


def stdlib_text(size):
    """Deterministic 'typical text': this Python's stdlib sources, sorted, concatenated."""
    lib = os.path.dirname(gzip.__file__)
    out = bytearray()
    for name in sorted(os.listdir(lib)):
        if name.endswith('.py'):
            with open(os.path.join(lib, name), 'rb') as f:
                out += f.read()
            if len(out) >= size:
                break
    return bytes(out[:size])

def json_text(size, seed=7):
    rng = random.Random(seed)
    words = ['alpha', 'beta', 'gamma', 'delta', 'track', 'album', 'artist', 'title', 'duration',
             'genre', 'jazz', 'rock', 'ambient', 'released', 'label', 'id', 'url', 'https://example.com/']
    items = []
    total = 0
    while total < size:
        item = {'id': rng.randrange(10**9), 'title': ' '.join(rng.choice(words) for _ in range(rng.randrange(1, 6))),
                'artist': rng.choice(words).title(), 'duration': rng.random() * 600,
                'tags': [rng.choice(words) for _ in range(rng.randrange(0, 4))], 'explicit': rng.random() < 0.1}
        s = json.dumps(item)
        items.append(s)
        total += len(s) + 2
    return ('[' + ',\n'.join(items) + ']').encode()[:size]

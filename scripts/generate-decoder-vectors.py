#!/usr/bin/env python3
"""Generates Tests/ResonanceKitTestingTests/Decoding/ContentDecoderVectors.swift: the test vectors for
ContentDecoder (Sources/ResonanceKitTesting/Decoding), made with Python's zlib/gzip modules plus a small
hand-written DEFLATE bit writer for streams zlib never produces (distance 32768, repeats that cross from
literal/length to distance lengths, single-code tables) and for malformed streams. Every hand-made stream
is cross-checked against zlib: valid ones must decode to the expected bytes, invalid ones must fail with
the zlib message that corresponds to the expected ContentDecodingError.Reason.

Regenerate (from the package root; only needed when this script changes, the output is deterministic):

    python3 scripts/generate-decoder-vectors.py            # rewrites the Swift file, prints a size summary
    python3 scripts/generate-decoder-vectors.py --stdout   # prints the Swift file instead

The checked-in file was made with Python 3.11.7 and zlib 1.2.13. Another zlib may compress differently
and another Python has other stdlib sources (the "text" plaintexts), so the bytes may change; the
vectors stay valid because every expectation is computed in the same run.

The file is kept small (under ~300 KB) so the test target compiles and runs fast in debug builds:
plaintexts are a few KB, larger expected outputs (long runs, the 32 KiB window, multi-member bodies)
are stored as length + CRC-32 only, and the differential vectors are stored as edits of a few base
streams. Throughput is measured separately by scripts/bench-decoder.sh, not by the tests.
"""
import gzip
import json
import os
import random
import struct
import sys
import zlib

OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'ResonanceKitTestingTests',
                      'Decoding', 'ContentDecoderVectors.swift')
# Expected outputs up to this size are stored as bytes; larger ones as length + CRC-32.
MAX_STORED_PLAINTEXT = 4096

# ---------------------------------------------------------------------------------------------
# Plaintexts

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from decoder_corpora import json_text, stdlib_text  # noqa: E402  (shared with bench-decoder.sh)

rng = random.Random(1951)
PLAINS = []          # list of bytes
PLAIN_NAMES = []

def plain(name, data):
    PLAINS.append(data)
    PLAIN_NAMES.append(name)
    return len(PLAINS) - 1

P_EMPTY = plain('empty', b'')
P_HELLO = plain('hello', b'Hello, world!\n')
P_TEXT = plain('text 2K', stdlib_text(2 * 1024))
P_SMALLTEXT = plain('text 1K', PLAINS[P_TEXT][:1024])
P_RANDOM = plain('random 1K', rng.randbytes(1024))
P_RUN = plain('run of a x 70000', b'a' * 70000)
P_JSON = plain('json 2K', json_text(2 * 1024))
P_BINARY = plain('binary pattern', bytes(range(256)) * 97 + bytes([0, 1, 2]) * 1000)
P_ONEBYTE = plain('one byte', b'x')
P_SHORTRUN = plain('run of a x 5000', b'a' * 5000)

# Compression helpers

def compress(data, fmt, level=6, strategy=zlib.Z_DEFAULT_STRATEGY, wbits_override=None, mem=8):
    wbits = {'gzip': 31, 'zlib': 15, 'raw': -15}[fmt]
    if wbits_override is not None:
        wbits = wbits_override
    c = zlib.compressobj(level, zlib.DEFLATED, wbits, mem, strategy)
    return c.compress(data) + c.flush()

def is_zlib_header(b):
    return len(b) >= 2 and (b[0] & 0x0F) == 8 and (b[0] >> 4) <= 7 and ((b[0] << 8) | b[1]) % 31 == 0

def raw_decompress(data):
    """zlib's verdict on raw DEFLATE under our policy: (ok, output or error message)."""
    d = zlib.decompressobj(-15)
    try:
        out = d.decompress(data)
    except zlib.error as e:
        return False, str(e)
    if not d.eof:
        return False, 'truncated'
    if any(d.unused_data):
        return False, 'trailing garbage'
    return True, out

def gzip_member(data, level=6, extra=None, name=None, comment=None, hcrc=False, ftext=False, raw=None):
    flg = (1 if ftext else 0) | (2 if hcrc else 0) | (4 if extra is not None else 0) \
        | (8 if name is not None else 0) | (16 if comment is not None else 0)
    hdr = b'\x1f\x8b\x08' + bytes([flg]) + struct.pack('<I', 0) + bytes([0, 3])
    if extra is not None:
        hdr += struct.pack('<H', len(extra)) + extra
    if name is not None:
        hdr += name + b'\0'
    if comment is not None:
        hdr += comment + b'\0'
    if hcrc:
        hdr += struct.pack('<H', zlib.crc32(hdr) & 0xFFFF)
    body = raw if raw is not None else compress(data, 'raw', level)
    return hdr + body + struct.pack('<II', zlib.crc32(data), len(data) & 0xFFFFFFFF)

# ---------------------------------------------------------------------------------------------
# A tiny DEFLATE bit writer (RFC 1951) for hand-made streams

class BitWriter:
    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def bit(self, b):
        self.acc |= (b & 1) << self.n
        self.n += 1
        if self.n == 8:
            self.out.append(self.acc)
            self.acc = 0
            self.n = 0

    def bits(self, value, count):          # header fields / extra bits: least significant first
        for i in range(count):
            self.bit(value >> i)

    def code(self, code, length):          # Huffman codes: most significant first
        for i in reversed(range(length)):
            self.bit(code >> i)

    def align(self):
        while self.n:
            self.bit(0)

    def value(self):
        self.align()
        return bytes(self.out)

def canonical(lengths):
    counts = [0] * 16
    for l in lengths:
        if l:
            counts[l] += 1
    nxt = [0] * 16
    code = 0
    for b in range(1, 16):
        code = (code + counts[b - 1]) << 1
        nxt[b] = code
    codes = {}
    for s, l in enumerate(lengths):
        if l:
            codes[s] = (nxt[l], l)
            nxt[l] += 1
    return codes

LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
         4097, 6145, 8193, 12289, 16385, 24577]
DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
FIXED_LIT = [8] * 144 + [9] * 112 + [7] * 24 + [8] * 8
FIXED_DIST = [5] * 32
DEFAULT_CL = [4] * 13 + [5] * 6          # a complete code-length code for all 19 symbols

def write_symbols(w, syms, lit_lens, dist_lens):
    lc = canonical(lit_lens)
    dc = canonical(dist_lens)
    for s in syms:
        kind = s[0]
        if kind == 'lit':
            w.code(*lc[s[1]])
        elif kind == 'eob':
            w.code(*lc[256])
        elif kind == 'match':
            length, dist = s[1], s[2]
            i = 28 if length == 258 else max(k for k in range(28) if LBASE[k] <= length)
            w.code(*lc[257 + i])
            w.bits(length - LBASE[i], LEXT[i])
            j = max(k for k in range(30) if DBASE[k] <= dist)
            w.code(*dc[j])
            w.bits(dist - DBASE[j], DEXT[j])
        elif kind == 'litsym':            # any literal/length symbol, e.g. 286
            w.code(*lc[s[1]])
        elif kind == 'distsym':           # length symbol 257 (length 3) then the raw distance symbol
            w.code(*lc[257])
            w.code(*dc[s[1]])
        elif kind == 'bits':              # raw bits, for unused bit patterns
            w.bits(s[1], s[2])
        else:
            raise ValueError(kind)

def expand(syms, prefix=b''):
    out = bytearray(prefix)
    for s in syms:
        if s[0] == 'lit':
            out.append(s[1])
        elif s[0] == 'match':
            for _ in range(s[1]):
                out.append(out[-s[2]])
    return bytes(out)

def stored_block(w, final, data, nlen=None):
    w.bits(final, 1)
    w.bits(0, 2)
    w.align()
    w.bits(len(data), 16)
    w.bits(nlen if nlen is not None else len(data) ^ 0xFFFF, 16)
    for b in data:
        w.bits(b, 8)

def fixed_block(w, final, syms):
    w.bits(final, 1)
    w.bits(1, 2)
    write_symbols(w, syms + [('eob',)], FIXED_LIT, FIXED_DIST)

def dynamic_header(w, final, lit_lens, dist_lens, cl_seq=None, cl_lens=DEFAULT_CL, hlit=None, hdist=None, hclen=19):
    w.bits(final, 1)
    w.bits(2, 2)
    w.bits((hlit if hlit is not None else len(lit_lens)) - 257, 5)
    w.bits((hdist if hdist is not None else len(dist_lens)) - 1, 5)
    w.bits(hclen - 4, 4)
    for s in ORDER[:hclen]:
        w.bits(cl_lens[s], 3)
    clc = canonical(cl_lens)
    if cl_seq is None:
        cl_seq = [(l,) for l in lit_lens + dist_lens]
    for item in cl_seq:
        w.code(*clc[item[0]])
        if item[0] == 16:
            w.bits(item[1] - 3, 2)
        elif item[0] == 17:
            w.bits(item[1] - 3, 3)
        elif item[0] == 18:
            w.bits(item[1] - 11, 7)

def dynamic_block(w, final, lit_lens, dist_lens, syms, cl_seq=None, eob=True):
    dynamic_header(w, final, lit_lens, dist_lens, cl_seq)
    write_symbols(w, syms + ([('eob',)] if eob else []), lit_lens, dist_lens)

# ---------------------------------------------------------------------------------------------
# ---------------------------------------------------------------------------------------------
# Vector collections

VALID = []      # (name, coding, input bytes, plain index)
ERRORS = []     # (name, coding, input bytes, swift reason expression, coding that fails)
TRUNCATION = [] # names of VALID vectors whose every proper prefix must throw .truncated
DIFF_BASES = [] # raw DEFLATE streams the differential vectors edit
DIFF = []       # (base index, [(position, removed count, inserted bytes)], ok, count, crc)
BOMBS = []      # (name, coding, input bytes, decoded count, decoded crc)

def valid(name, coding, data, p):
    # Cross-check with Python before emitting.
    expected = PLAINS[p]
    if coding in ('gzip', 'x-gzip') and data:
        assert gzip.decompress(data) == expected, name
    assert name not in (v[0] for v in VALID), name
    VALID.append((name, coding, data, p))

def raw_valid(name, data, expected_bytes):
    assert not is_zlib_header(data), name
    ok, out = raw_decompress(data)
    assert ok and out == expected_bytes, (name, out if not ok else len(out))
    valid(name, 'deflate', data, plain(name, expected_bytes))

def zlib_error(name, data, message, reason):
    """A raw DEFLATE stream that zlib rejects with `message`; ours must fail with `reason`."""
    assert not is_zlib_header(data), name
    ok, msg = raw_decompress(data)
    assert not ok and message in msg, (name, msg)
    error(name, 'deflate', data, reason)

def error(name, coding, data, reason, failing=None):
    """A stream ours must fail with `reason`, while undoing `failing` (by default the only coding)."""
    failing = failing or ('gzip' if coding.strip().lower() in ('gzip', 'x-gzip') else 'deflate')
    ERRORS.append((name, coding, data, reason, failing))

# --- Python-made streams: formats x levels x strategies -------------------------------------
for p in (P_EMPTY, P_HELLO, P_TEXT, P_RANDOM, P_RUN, P_JSON, P_BINARY, P_ONEBYTE):
    for level in (0, 1, 6, 9):
        if level == 0 and p in (P_RUN, P_BINARY):
            continue  # stored blocks of 70 KB / 28 KB: stored data is covered by the other plaintexts
        for fmt in ('gzip', 'zlib', 'raw'):
            if p == P_RANDOM and (fmt != 'gzip' or level in (1, 9)) and not (fmt != 'gzip' and level == 6):
                continue  # incompressible: every level is the same stored-block fallback
            if p == P_JSON and level == 0 and fmt != 'gzip':
                continue  # stored blocks in every format are covered by the text
            data = compress(PLAINS[p], fmt, level)
            if fmt == 'raw' and is_zlib_header(data):
                continue
            coding = 'gzip' if fmt == 'gzip' else 'deflate'
            valid(f'{PLAIN_NAMES[p]} {fmt} level {level}', coding, data, p)

STRATEGIES = [('Z_FILTERED', zlib.Z_FILTERED), ('Z_HUFFMAN_ONLY', zlib.Z_HUFFMAN_ONLY),
              ('Z_RLE', zlib.Z_RLE), ('Z_FIXED', zlib.Z_FIXED)]
# Each strategy in each format, over text, JSON, a run and a short text.
for sname, strategy in STRATEGIES:
    for p, formats in ((P_TEXT, ('gzip', 'zlib', 'raw')), (P_JSON, ('gzip',)), (P_SHORTRUN, ('zlib',)),
                       (P_SMALLTEXT, ('raw',))):
        for fmt in formats:
            data = compress(PLAINS[p], fmt, 6, strategy)
            if fmt == 'raw' and is_zlib_header(data):
                continue
            valid(f'{PLAIN_NAMES[p]} {fmt} {sname}', 'gzip' if fmt == 'gzip' else 'deflate', data, p)

# small windows and memLevels make different block/distance mixes
for wbits in (9, 12):
    valid(f'text zlib window 2^{wbits}', 'deflate', compress(PLAINS[P_TEXT], 'zlib', 9, wbits_override=wbits), P_TEXT)
valid('text zlib memLevel 1', 'deflate', compress(PLAINS[P_TEXT], 'zlib', 6, mem=1), P_TEXT)

# flushes: empty stored blocks and block boundaries mid-stream
c = zlib.compressobj(6, zlib.DEFLATED, 31)
t = PLAINS[P_TEXT]
flushed = c.compress(t[:300]) + c.flush(zlib.Z_SYNC_FLUSH) + c.compress(t[300:1200]) \
    + c.flush(zlib.Z_FULL_FLUSH) + c.compress(t[1200:]) + c.flush(zlib.Z_SYNC_FLUSH) + c.flush()
valid('sync and full flushes gzip', 'gzip', flushed, P_TEXT)

# --- Long repeats: distance 32768 and length 258 ----------------------------------------------
# The 32 KiB window is filled compressibly but without a short period (so a wrong distance shows):
# a stored block, then random literals and matches of random lengths and distances.
w = BitWriter()
window = rng.randbytes(100)
stored_block(w, 0, window)
syms = [('lit', b) for b in rng.randbytes(151)]
size = len(window) + 151
while size < 32768:
    remaining = 32768 - size  # never 1 or 2, so the window ends exactly on 32768 with a match
    length = rng.randrange(160, 259)  # long matches: a short stream to cut in the tests
    if length >= remaining:
        length = remaining
    elif remaining - length < 3:
        length = remaining - 3
    syms.append(('match', length, rng.randrange(1, min(size, 32768) + 1)))
    size += length
fixed_block(w, 0, syms)
window = expand(syms, window)
assert len(window) == 32768
syms = [('match', 258, 32768), ('match', 258, 32768), ('lit', 0x41), ('match', 3, 32768), ('match', 258, 1),
        ('match', 257, 32768)]
fixed_block(w, 1, syms)
raw_valid('distance 32768 length 258 (hand-made)', w.value(), expand(syms, window))
P_D32K = len(PLAINS) - 1
valid('distance 32768 in gzip', 'gzip', gzip_member(PLAINS[P_D32K], raw=w.value()), P_D32K)

# --- Hand-made dynamic blocks: code-length repeats crossing into distance lengths, single codes ---
lit = [9] * 256 + [2, 2]               # 0..255: 9 bits, 256 (EOB) and 257 (length 3): 2 bits
dist = [2, 2, 1]
seq = [(9,)] + [(16, 6)] * 42 + [(16, 3)] + [(2,)] + [(16, 3)] + [(1,)]   # the last 16 covers 257, dist 0, dist 1
syms = [('lit', c) for c in b'abcdef'] + [('match', 3, 1), ('match', 3, 2), ('match', 3, 3)]
w = BitWriter()
dynamic_block(w, 1, lit, dist, syms, cl_seq=seq)
raw_valid('repeat code crossing literal/distance lengths', w.value(), expand(syms))

# 17 and 18 zero runs, one distance code of length 1 (incomplete set zlib allows)
lit = [0] * 97 + [2, 2] + [0] * (256 - 99) + [2, 2]     # 'a', 'b', EOB, 257
seq = [(18, 97), (2,), (2,), (18, 138), (17, 10), (17, 9), (2,), (2,), (1,)]
assert sum(x[1] if x[0] >= 16 else 1 for x in seq) == 258 + 1
syms = [('lit', 97), ('lit', 98), ('match', 3, 1), ('lit', 97)]
w = BitWriter()
dynamic_block(w, 1, lit, [1], syms, cl_seq=seq)
raw_valid('single distance code (incomplete, allowed)', w.value(), expand(syms))

# single distance code of length 1 for symbol 5 (distances 7..8)
syms = [('lit', 97)] * 4 + [('lit', 98)] * 4 + [('match', 3, 8), ('match', 3, 7)]
w = BitWriter()
dynamic_block(w, 1, lit, [0, 0, 0, 0, 0, 1], syms)
raw_valid('single distance code for symbol 5', w.value(), expand(syms))

# no distance codes at all (only literals): allowed
w = BitWriter()
dynamic_block(w, 1, lit, [0], [('lit', 97), ('lit', 98)])
raw_valid('no distance codes, literals only', w.value(), b'ab')

# literal/length code with only end-of-block (single one-bit code): zlib allows it
w = BitWriter()
dynamic_block(w, 0, [0] * 256 + [1], [0], [])
fixed_block(w, 1, [('lit', 120)])
raw_valid('only end-of-block code, then fixed block', w.value(), b'x')

# many small blocks of every type
w = BitWriter()
out = b''
for i in range(9):
    chunk = PLAINS[P_TEXT][i * 80:(i + 1) * 80]
    if i % 3 == 0:
        stored_block(w, 0, chunk[:40])
        chunk = chunk[:40]
    elif i % 3 == 1:
        syms = [('lit', b) for b in chunk[:50]] + [('match', 50, 50)]
        fixed_block(w, 0, syms)
        chunk = expand(syms)
    else:
        syms = [('lit', b) for b in chunk[:97]] + [('match', 3, 1)]
        dynamic_block(w, 0, [9] * 256 + [2, 2], [1], syms)
        chunk = expand(syms)
    out += chunk
stored_block(w, 1, b'')
raw_valid('many small mixed blocks, empty final stored block', w.value(), out)

# --- Multi-member gzip, header flags ---------------------------------------------------------
a, b = PLAINS[P_TEXT], PLAINS[P_JSON]
multi = gzip.compress(a, 6, mtime=0) + gzip.compress(b'', 6, mtime=0) + gzip.compress(b, 9, mtime=0) \
    + gzip.compress(PLAINS[P_RANDOM], 1, mtime=0)
P_MULTI = plain('multi-member', a + b + PLAINS[P_RANDOM])
valid('gzip 4 members (one empty)', 'gzip', multi, P_MULTI)
small = PLAINS[P_SMALLTEXT]
valid('gzip 2 members then zero padding', 'gzip',
      gzip.compress(small[:500], 6, mtime=0) + gzip.compress(small[500:], 9, mtime=0) + b'\0' * 9, P_SMALLTEXT)
valid('x-gzip coding', 'x-gzip', gzip.compress(small, 6, mtime=0), P_SMALLTEXT)
for label, kw in [('FNAME', dict(name=b'index.html')), ('FCOMMENT', dict(comment=b'made by a test')),
                  ('FEXTRA', dict(extra=b'AP\x04\x00abcd')), ('FHCRC', dict(hcrc=True)), ('FTEXT', dict(ftext=True)),
                  ('FEXTRA empty', dict(extra=b'')),
                  ('all flags', dict(name=b'n\xe4me.txt', comment=b'c', extra=b'x' * 300, hcrc=True, ftext=True))]:
    m = gzip_member(small, **kw)
    assert zlib.decompress(m, 31) == small and gzip.decompress(m) == small
    valid(f'gzip header {label}', 'gzip', m, P_SMALLTEXT)

# --- deflate: zlib-wrapped and raw, nested codings -------------------------------------------
valid('zlib.compress default', 'deflate', zlib.compress(small), P_SMALLTEXT)
valid('deflate then gzip (coding list "deflate, gzip")', 'deflate, gzip',
      gzip.compress(zlib.compress(small), mtime=0), P_SMALLTEXT)
valid('gzip then deflate, spaces, tab and case (" X-GZIP ,\\tDeflate ")', ' X-GZIP ,\tDeflate ',
      zlib.compress(gzip.compress(small, mtime=0)), P_SMALLTEXT)
valid('gzip then gzip', 'gzip,gzip', gzip.compress(gzip.compress(small, mtime=0), mtime=0), P_SMALLTEXT)
valid('coding list "gzip, identity"', 'gzip, identity', gzip.compress(small, mtime=0), P_SMALLTEXT)
valid('coding list "identity, gzip"', 'identity, gzip', gzip.compress(small, mtime=0), P_SMALLTEXT)
valid('coding " GZip " mixed case', ' GZip ', gzip.compress(small, mtime=0), P_SMALLTEXT)
valid('coding "Deflate" with tab', '\tDeflate', zlib.compress(small), P_SMALLTEXT)
valid('raw deflate with zero padding', 'deflate', compress(small, 'raw') + b'\0\0\0', P_SMALLTEXT)
valid('zlib with zero padding', 'deflate', zlib.compress(small) + b'\0', P_SMALLTEXT)
for coding in ('identity', '', 'identity, identity', ' , identity,'):
    valid(f'identity list {coding!r}', coding, PLAINS[P_HELLO], P_HELLO)
for coding in ('gzip', 'x-gzip', 'deflate', 'gzip, deflate'):
    valid(f'empty body with {coding!r}', coding, b'', P_EMPTY)

# --- Errors: gzip framing --------------------------------------------------------------------
framed = PLAINS[P_TEXT][:200]   # small: framing errors do not need much data
g = gzip.compress(framed, 6, mtime=0)
error('gzip bad magic', 'gzip', b'\x1f\x8c' + g[2:], '.badGzipMagic')
error('gzip not gzip at all (zlib data)', 'gzip', zlib.compress(framed), '.badGzipMagic')
error('gzip method 7', 'gzip', g[:2] + b'\x07' + g[3:], '.unsupportedGzipMethod(7)')
error('gzip reserved flag', 'gzip', g[:3] + b'\x20' + g[4:], '.reservedGzipFlags(32)')
m = gzip_member(framed, hcrc=True, name=b'a')
stored16 = struct.unpack('<H', m[12:14])[0]
bad = m[:12] + struct.pack('<H', stored16 ^ 0x0101) + m[14:]
error('gzip FHCRC mismatch', 'gzip', bad, f'.gzipHeaderCRCMismatch(stored: {stored16 ^ 0x0101}, computed: {stored16})')
crc = zlib.crc32(framed)
error('gzip CRC32 mismatch', 'gzip', g[:-8] + struct.pack('<I', crc ^ 0x80000000) + g[-4:],
      f'.crc32Mismatch(stored: {crc ^ 0x80000000}, computed: {crc})')
error('gzip ISIZE mismatch', 'gzip', g[:-4] + struct.pack('<I', len(framed) + 1),
      f'.sizeMismatch(stored: {len(framed) + 1}, computed: {len(framed)})')
error('gzip trailing garbage', 'gzip', g + b'\x01\x02', '.trailingGarbage')
error('gzip zero padding then garbage', 'gzip', g + b'\0\0\x05', '.trailingGarbage')
error('gzip second member bad magic', 'gzip', g + b'\x1f\x00' + g[2:], '.badGzipMagic')
error('gzip second member only 1f', 'gzip', g + b'\x1f', '.truncated')
error('gzip FEXTRA longer than body', 'gzip', gzip_member(framed, extra=b'xx')[:10] + b'\xff\xff' + b'ab', '.truncated')
error('gzip FNAME unterminated', 'gzip', b'\x1f\x8b\x08\x08' + b'\0' * 6 + b'name', '.truncated')
error('gzip header only', 'gzip', g[:10], '.truncated')
error('gzip missing trailer', 'gzip', g[:-8], '.truncated')
# a match in member 2 that reaches back into member 1: each member has its own window
w = BitWriter()
fixed_block(w, 1, [('match', 3, 1)])
two = g + gzip_member(b'xxx', raw=w.value())
try:
    gzip.decompress(two)
    raise AssertionError('python accepted cross-member distance')
except zlib.error as e:
    assert 'too far back' in str(e)
error('gzip member 2 refers into member 1', 'gzip', two, '.distanceTooFarBack')

# --- Errors: zlib framing --------------------------------------------------------------------
z = zlib.compress(framed)
adler = zlib.adler32(framed)
error('zlib Adler-32 mismatch', 'deflate', z[:-4] + struct.pack('>I', adler ^ 1), f'.adler32Mismatch(stored: {adler ^ 1}, computed: {adler})')
c = zlib.compressobj(6, zlib.DEFLATED, 15, 8, zlib.Z_DEFAULT_STRATEGY, zdict=b'the quick brown fox')
error('zlib preset dictionary', 'deflate', c.compress(framed) + c.flush(), '.zlibPresetDictionary')
error('zlib trailing garbage', 'deflate', z + b'junk', '.trailingGarbage')
error('zlib missing Adler-32', 'deflate', z[:-4], '.truncated')
error('zlib header only', 'deflate', z[:2], '.truncated')
error('raw deflate trailing garbage', 'deflate', compress(framed, 'raw') + b'\x01', '.trailingGarbage')
# "gzip, deflate": deflate is undone first, and gzip bytes are not a DEFLATE stream (BTYPE 3)
error('gzip body labelled "gzip, deflate"', 'gzip, deflate', g, '.invalidBlockType', failing='deflate')
# --- Errors: DEFLATE data (each checked against zlib's own message) ---------------------------
zlib_error('block type 3', bytes([0b111]) + b'\0' * 4, 'invalid block type', '.invalidBlockType')
w = BitWriter(); stored_block(w, 1, b'abc', nlen=0x1234)
zlib_error('stored NLEN mismatch', w.value(), 'invalid stored block lengths', '.storedLengthMismatch')
w = BitWriter(); stored_block(w, 1, b'abcdef'); sb = w.value()
zlib_error('stored block cut short', sb[:-2], 'truncated', '.truncated')
w = BitWriter(); dynamic_header(w, 1, [8] * 287, [5] * 30); w.bits(0, 30)
zlib_error('HLIT 287', w.value() + b'\0' * 40, 'too many length or distance symbols', '.tooManySymbols')
w = BitWriter(); dynamic_header(w, 1, [8] * 257, [5] * 31, hdist=31); w.bits(0, 30)
zlib_error('HDIST 31', w.value() + b'\0' * 40, 'too many length or distance symbols', '.tooManySymbols')
w = BitWriter(); dynamic_header(w, 1, [], [], cl_seq=[], cl_lens=[1] * 19, hlit=257, hdist=1); w.bits(0, 40)
zlib_error('over-subscribed code-length code', w.value(), 'invalid code lengths set', '.oversubscribedCode(.codeLengths)')
w = BitWriter(); dynamic_header(w, 1, [], [], cl_seq=[], cl_lens=[0] * 8 + [1] + [0] * 10, hlit=257, hdist=1); w.bits(0, 40)
zlib_error('incomplete code-length code (single code)', w.value(), 'invalid code lengths set', '.incompleteCode(.codeLengths)')
w = BitWriter(); dynamic_header(w, 1, [], [], cl_seq=[], cl_lens=[2, 2, 2] + [0] * 16, hlit=257, hdist=1); w.bits(0, 40)
zlib_error('incomplete code-length code (three codes)', w.value(), 'invalid code lengths set', '.incompleteCode(.codeLengths)')
w = BitWriter(); dynamic_header(w, 1, [], [], cl_seq=[(16, 3)], hlit=257, hdist=1); w.bits(0, 40)
zlib_error('repeat with no previous length', w.value(), 'invalid bit length repeat', '.invalidRepeat')
w = BitWriter(); dynamic_header(w, 1, [], [], cl_seq=[(18, 138), (18, 117), (18, 11)], hlit=257, hdist=1); w.bits(0, 40)
zlib_error('zero run past the end', w.value(), 'invalid bit length repeat', '.invalidRepeat')
w = BitWriter(); dynamic_header(w, 1, [], [], cl_seq=[(8,)] * 257 + [(16, 6)], hlit=257, hdist=1); w.bits(0, 40)
zlib_error('previous-length repeat past the end', w.value(), 'invalid bit length repeat', '.invalidRepeat')
w = BitWriter(); dynamic_header(w, 1, [8] * 256 + [0, 8], [1]); w.bits(0, 40)
zlib_error('missing end-of-block code', w.value(), 'invalid code -- missing end-of-block', '.missingEndOfBlock')
w = BitWriter(); dynamic_header(w, 1, [8] * 257 + [8], [1]); w.bits(0, 40)
zlib_error('over-subscribed literal/length code', w.value(), 'invalid literal/lengths set', '.oversubscribedCode(.literalLength)')
w = BitWriter(); dynamic_header(w, 1, [9] * 256 + [2], [1]); w.bits(0, 40)
zlib_error('incomplete literal/length code', w.value(), 'invalid literal/lengths set', '.incompleteCode(.literalLength)')
w = BitWriter(); dynamic_header(w, 1, [0] * 256 + [2], [1]); w.bits(0, 40)
zlib_error('single literal/length code of 2 bits', w.value(), 'invalid literal/lengths set', '.incompleteCode(.literalLength)')
w = BitWriter(); dynamic_header(w, 1, [9] * 256 + [1], [1, 1, 1]); w.bits(0, 40)
zlib_error('over-subscribed distance code', w.value(), 'invalid distances set', '.oversubscribedCode(.distance)')
w = BitWriter(); dynamic_header(w, 1, [9] * 256 + [1], [2, 2]); w.bits(0, 40)
zlib_error('incomplete distance code (two codes)', w.value(), 'invalid distances set', '.incompleteCode(.distance)')
w = BitWriter(); dynamic_header(w, 1, [9] * 256 + [1], [0, 2]); w.bits(0, 40)
zlib_error('single distance code of 2 bits', w.value(), 'invalid distances set', '.incompleteCode(.distance)')
w = BitWriter(); fixed_block(w, 1, [('match', 3, 1)])
zlib_error('distance too far back at start', w.value(), 'invalid distance too far back', '.distanceTooFarBack')
w = BitWriter(); fixed_block(w, 1, [('lit', 97)] * 10 + [('match', 3, 11)])
zlib_error('distance one too far back', w.value(), 'invalid distance too far back', '.distanceTooFarBack')
w = BitWriter(); stored_block(w, 0, rng.randbytes(300)); fixed_block(w, 1, [('match', 258, 301)])
zlib_error('distance too far back after stored block', w.value(), 'invalid distance too far back', '.distanceTooFarBack')
for s in (30, 31):
    w = BitWriter(); fixed_block(w, 1, [('lit', 97)] * 40 + [('distsym', s)])
    zlib_error(f'fixed distance symbol {s}', w.value(), 'invalid distance code', '.invalidDistanceCode')
for s in (286, 287):
    w = BitWriter(); fixed_block(w, 1, [('lit', 97), ('litsym', s)])
    zlib_error(f'fixed literal/length symbol {s}', w.value(), 'invalid literal/length code', '.invalidLiteralLengthCode')
lit2 = [0] * 97 + [2, 2] + [0] * (256 - 99) + [2, 2]
w = BitWriter(); dynamic_block(w, 1, lit2, [0], [('lit', 97), ('litsym', 257), ('bits', 0, 8)], eob=False)
zlib_error('match with no distance codes', w.value(), 'invalid distance code', '.invalidDistanceCode')
w = BitWriter(); dynamic_block(w, 1, lit2, [1], [('lit', 97), ('litsym', 257), ('bits', 1, 1)], eob=False)
zlib_error('unused pattern of single distance code', w.value() + b'\0', 'invalid distance code', '.invalidDistanceCode')
w = BitWriter(); dynamic_block(w, 0, [0] * 256 + [1], [0], [], eob=False); w.bits(1, 1)
zlib_error('unused pattern of single literal/length code', w.value() + b'\0', 'invalid literal/length code', '.invalidLiteralLengthCode')
zlib_error('non-final block then end of input', bytes([0b010]) + b'\0', 'truncated', '.truncated')


# --- Truncation at every offset --------------------------------------------------------------
# Valid single streams (no member boundary or padding a cut could land on): every proper prefix
# must throw .truncated.
# Each cut re-decodes everything before it, so in a debug build the cost grows with the square of the
# stream: a few short streams cover every framing and block type.
TRUNCATION += ['text 2K gzip level 9', 'gzip header all flags', 'zlib.compress default', 'text 1K raw Z_FIXED',
               'text 2K raw level 0', 'distance 32768 length 258 (hand-made)',
               'repeat code crossing literal/distance lengths', 'many small mixed blocks, empty final stored block']
for name in TRUNCATION:
    assert name in (v[0] for v in VALID), name

# --- Differential fuzz: edited raw streams, zlib's verdict recorded ---------------------------
# Stored as edits (splices) of a few base streams to keep the file small; the test applies them.
diff_text = stdlib_text(8 * 1024)
DIFF_BASES += [compress(diff_text[i * 700:i * 700 + 1200], 'raw', lvl, st)
               for i, (lvl, st) in enumerate([(6, 0), (9, 0), (1, 0), (6, zlib.Z_FIXED), (6, zlib.Z_HUFFMAN_ONLY),
                                              (6, zlib.Z_RLE), (0, 0), (9, zlib.Z_FILTERED)])]

def splice(data, position, removed, inserted):
    return data[:position] + inserted + data[position + removed:]

frng = random.Random(1952)
while len(DIFF) < 300:
    base = frng.randrange(len(DIFF_BASES))
    data = DIFF_BASES[base]
    edits = []
    for _ in range(frng.randrange(1, 4)):
        op = frng.randrange(5)
        i = frng.randrange(len(data))
        if op == 0:    # flip one bit
            edit = (i, 1, bytes([data[i] ^ (1 << frng.randrange(8))]))
        elif op == 1:  # replace one byte
            edit = (i, 1, bytes([frng.randrange(256)]))
        elif op == 2:  # cut the end off
            if len(data) <= 2:
                continue
            edit = (i, len(data) - i, b'')
        elif op == 3:  # insert random bytes
            edit = (i, 0, frng.randbytes(frng.randrange(1, 8)))
        else:          # overwrite up to 4 bytes with 4 bytes from elsewhere in the stream
            j = frng.randrange(len(data))
            edit = (i, len(data[i:i + 4]), data[j:j + 4])
        edits.append(edit)
        data = splice(data, *edit)
    if not data or is_zlib_header(data):
        continue
    ok, out = raw_decompress(data)
    DIFF.append((base, edits, ok, len(out) if ok else 0, zlib.crc32(out) if ok else 0))

# --- Zip bombs: tiny inputs, huge outputs ---------------------------------------------------
zeros = b'\0' * (1 << 20)
BOMBS.append(('1 MiB of zeros gzip -9', 'gzip', gzip.compress(zeros, 9, mtime=0), len(zeros), zlib.crc32(zeros)))
BOMBS.append(('1 MiB of zeros zlib -9', 'deflate', zlib.compress(zeros, 9), len(zeros), zlib.crc32(zeros)))
zeros = b'\0' * (64 << 20)
twice = gzip.compress(gzip.compress(zeros, 9, mtime=0), 9, mtime=0)
BOMBS.append(('64 MiB of zeros gzipped twice', 'gzip, gzip', twice, len(zeros), zlib.crc32(zeros)))
del zeros

# ---------------------------------------------------------------------------------------------
# Emit Swift

def hexlit(b, indent='            '):
    h = b.hex()
    if len(h) <= 96:
        return f'"{h}"'
    lines = [h[i:i + 128] for i in range(0, len(h), 128)]
    return '"""\n' + '\n'.join(indent + l for l in lines) + '\n' + indent + '"""'

def swift_string(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"').replace('\t', '\\t') + '"'

def emit():
    out = []
    o = out.append
    o('// Generated by scripts/generate-decoder-vectors.py — do not edit; regenerate with\n')
    o('//     python3 scripts/generate-decoder-vectors.py\n')
    o(f'// Python {sys.version.split()[0]}, zlib {zlib.ZLIB_VERSION}.\n\n')
    o('/// Test vectors for ``ContentDecoder``; the types are in ContentDecoderVectors+Types.swift.\n')
    o('enum ContentDecoderVectors {\n')
    o(f'    /// Expected outputs; streams refer to them by index. Up to {MAX_STORED_PLAINTEXT} bytes they are stored,\n')
    o('    /// larger ones are checked by length and CRC-32.\n')
    o('    static let plaintexts: [Plaintext] = [\n')
    for index, (name, data) in enumerate(zip(PLAIN_NAMES, PLAINS)):
        stored = hexlit(data) if len(data) <= MAX_STORED_PLAINTEXT else 'nil'
        o(f'        // {index}\n        Plaintext(name: {swift_string(name)}, count: {len(data)}, '
          f'crc: 0x{zlib.crc32(data):08x}, hex:\n            {stored}),\n')
    o('    ]\n\n')
    o('    /// Streams that must decode to `plaintexts[plain]`.\n')
    o('    static let validStreams: [ValidStream] = [\n')
    for name, coding, data, p in VALID:
        o(f'        ValidStream(name: {swift_string(name)}, coding: {swift_string(coding)}, plain: {p}, input:\n'
          f'            {hexlit(data)}),\n')
    o('    ]\n\n')
    o('    /// Streams that must fail with exactly `reason` while undoing the coding `failing`.\n')
    o('    static let corruptStreams: [CorruptStream] = [\n')
    for name, coding, data, reason, failing in ERRORS:
        o(f'        CorruptStream(name: {swift_string(name)}, coding: {swift_string(coding)}, reason: {reason}, '
          f'failing: {swift_string(failing)}, input:\n            {hexlit(data)}),\n')
    o('    ]\n\n')
    o('    /// Valid streams (names in `validStreams`) whose every proper prefix must throw `.truncated`.\n')
    o('    static let truncationNames: [String] = [\n')
    for name in TRUNCATION:
        o(f'        {swift_string(name)},\n')
    o('    ]\n\n')
    o('    /// Raw DEFLATE streams (zlib levels and strategies over 1200 bytes of text) that `differentials` edit.\n')
    o('    static let differentialBases: [String] = [\n')
    for data in DIFF_BASES:
        o(f'        {hexlit(data)},\n')
    o('    ]\n\n')
    o('    /// Edited base streams with zlib\'s verdict: what it decoded (length and CRC-32), or nil if it failed.\n')
    o('    static let differentials: [Differential] = [\n')
    for base, edits, ok, count, crc in DIFF:
        splices = ', '.join(f'Splice({p}, {r}, "{b.hex()}")' for p, r, b in edits)
        verdict = f'Digest(count: {count}, crc: 0x{crc:08x})' if ok else 'nil'
        o(f'        Differential(base: {base}, edits: [{splices}], zlib: {verdict}),\n')
    o('    ]\n\n')
    o('    /// Highly compressed bodies that decode to far more than the tests\' limits.\n')
    o('    static let bombs: [Bomb] = [\n')
    for name, coding, data, count, crc in BOMBS:
        o(f'        Bomb(name: {swift_string(name)}, coding: {swift_string(coding)}, decoded: Digest(count: {count}, '
          f'crc: 0x{crc:08x}), input:\n            {hexlit(data)}),\n')
    o('    ]\n')
    o('}\n')
    return ''.join(out)

text = emit()
if '--stdout' in sys.argv[1:]:
    sys.stdout.write(text)
else:
    with open(OUTPUT, 'w') as f:
        f.write(text)
    print(f'wrote {os.path.relpath(OUTPUT)}', file=sys.stderr)

def hexsize(items):
    return sum(len(d) * 2 for d in items)

print(f'{len(text)} bytes: plaintexts {len(PLAINS)} ({hexsize(p for p in PLAINS if len(p) <= MAX_STORED_PLAINTEXT)} hex), '
      f'valid {len(VALID)} ({hexsize(v[2] for v in VALID)} hex), errors {len(ERRORS)} ({hexsize(e[2] for e in ERRORS)} hex), '
      f'truncation {len(TRUNCATION)}, differential {len(DIFF)} ({sum(1 for d in DIFF if d[2])} ok; bases '
      f'{hexsize(DIFF_BASES)} hex), bombs {len(BOMBS)} ({hexsize(b[2] for b in BOMBS)} hex)', file=sys.stderr)

# myriad - t/0048's comparison of the simulator's output with a real
# capture's structure, not its values.  GPL-3.0-or-later.
#
#   table SIM CAP...  every line of SIM has a line of a CAP with the same
#                     tokens: each its class (digits as 9, bus ids as BUS)
#                     and its column, left or right aligned
#   keys SIM CAP      the same keys (indent and name) in the same order,
#                     and the same class of value (number and unit, N/A,
#                     hex, text)
#   subkeys SIM CAP   SIM's keys, in order, among CAP's (CAP has more)
#   json SIM CAP      the same keys and JSON types, level by level (keys
#                     apart by their numbers are one: gpu_0, gpu_1)
# Exit 0 when it holds; else the first lines that differ, on stdout.
import json
import re
import sys

BUS = re.compile(r'[0-9A-Fa-f]{4}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9]')


def lines(path):
    with open(path, encoding='utf-8') as f:
        return f.read().split('\n')


def tokens(line):
    line = BUS.sub(lambda m: 'BUS' + ' ' * (len(m.group()) - 3), line)
    return [(m.start(), m.end(), re.sub(r'[0-9]+', '9', m.group()))
            for m in re.finditer(r'\S+', line)]


def same_row(a, b):
    if len(a) != len(b):
        return False
    for (s1, e1, c1), (s2, e2, c2) in zip(a, b):
        if c1 != c2 or (s1 != s2 and e1 != e2):
            return False
    return True


def table(sim, caps):
    want = [tokens(l) for c in caps for l in lines(c)]
    bad = [l for l in lines(sim) if not any(same_row(tokens(l), w)
                                             for w in want)]
    for l in bad[:5]:
        print('no such line in the captures: %r' % l)
    return not bad


def value(v):
    v = BUS.sub('BUS', v.split('#')[0].strip())
    if v in ('N/A', 'NA', ''):
        return v
    if re.fullmatch(r'0x[0-9A-Fa-f]+', v):
        return 'hex'
    m = re.fullmatch(r'-?[0-9]+(\.[0-9]+)?( \S+|[A-Za-z%\u00b0]+)?', v)
    if m:
        return 'num' + (m.group(2) or '')
    return 'text'


def keylines(path):
    out = []
    for l in lines(path):
        m = re.match(r'^(\s*)([^:]*?)\s*:(.*)$', l)
        if m:
            out.append((m.group(1), m.group(2), value(m.group(3))))
    return out


def keys(sim, cap, sub):
    a, b = keylines(sim), keylines(cap)
    if not sub:
        if a != b:
            for x, y in zip(a + [None] * len(b), b + [None] * len(a)):
                if x != y:
                    print('sim %r, capture %r' % (x, y))
                    break
            return False
        return True
    it = iter(b)
    for k in a:
        if not any(k == x for x in it):
            print('not among the capture\'s keys, in order: %r' % (k,))
            return False
    return True


def shape(j):
    if isinstance(j, dict):		# gpu_0, gpu_1: one key
        return {re.sub(r'[0-9]+', '9', k): shape(v) for k, v in j.items()}
    if isinstance(j, list):
        return [shape(j[0])] if j else []
    return type(j).__name__


def jsonsame(sim, cap):
    with open(sim) as f:
        a = shape(json.load(f))
    with open(cap) as f:
        b = shape(json.load(f))
    if a != b:
        print('sim %s\ncapture %s' % (json.dumps(a)[:300],
                                        json.dumps(b)[:300]))
    return a == b


mode = sys.argv[1]
if mode == 'table':
    ok = table(sys.argv[2], sys.argv[3:])
elif mode in ('keys', 'subkeys'):
    ok = keys(sys.argv[2], sys.argv[3], mode == 'subkeys')
else:
    ok = jsonsame(sys.argv[2], sys.argv[3])
sys.exit(0 if ok else 1)

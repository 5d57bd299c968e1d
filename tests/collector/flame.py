#!/usr/bin/python3
"""flame.py SVG -- read a flame graph of `ompdbg report --flame' as
XML and check it against itself: each frame's width is its samples at
the scale of the whole (the root frame, "all"), its percentage is of
the whole, its state split sums to its samples, and it lies within one
frame of the level below (its caller), whose samples are at least the
sum of its callees'.  Prints a line per frame: its level (the root 0),
samples, seconds and the path of labels from the root, ' ; ' between;
exits 1 with the first inconsistency (tests/collector/profile.sh)."""

import re
import sys
import xml.etree.ElementTree as ET

NS = '{http://www.w3.org/2000/svg}'
TITLE = re.compile(r'^(.*): (\d+) samples, ([0-9.]+)%, ([0-9.]+) s \((.*)\)$')


def fail(what):
    print('flame.py: %s: %s' % (sys.argv[1], what))
    sys.exit(1)


def main():
    try:
        tree = ET.parse(sys.argv[1])
    except ET.ParseError as e:
        fail('not XML: %s' % e)
    frames = []
    for g in tree.getroot().iter(NS + 'g'):
        title, rect = g.find(NS + 'title'), g.find(NS + 'rect')
        if title is None or rect is None:
            fail('a frame without its title or rectangle')
        m = TITLE.match(title.text or '')
        if m is None:
            fail('a title not "FRAME: N samples, P%%, S s (...)": %r'
                 % title.text)
        split = sum(int(part.split()[-1]) for part in m.group(5).split(', '))
        frames.append({'label': m.group(1), 'n': int(m.group(2)),
                       'pct': float(m.group(3)), 's': m.group(4),
                       'split': split,
                       'x': float(rect.get('x')), 'y': float(rect.get('y')),
                       'w': float(rect.get('width')),
                       'h': float(rect.get('height'))})
    roots = [f for f in frames if f['label'] == 'all']
    if len(roots) != 1:
        fail('%d root frames' % len(roots))
    root = roots[0]
    total = root['n']
    scale = root['w'] / total
    step = root['h'] + 1
    for f in frames:
        f['level'] = round((root['y'] - f['y']) / step)
        if abs(f['w'] - f['n'] * scale) > 0.01:
            fail('%s: width %g for %d samples, %g expected'
                 % (f['label'], f['w'], f['n'], f['n'] * scale))
        if abs(f['pct'] - 100.0 * f['n'] / total) > 0.006:
            fail('%s: %g%% for %d of %d samples'
                 % (f['label'], f['pct'], f['n'], total))
        if f['split'] != f['n']:
            fail('%s: its states sum to %d of %d samples'
                 % (f['label'], f['split'], f['n']))
    frames.sort(key=lambda f: (f['level'], f['x']))
    for f in frames:
        f['kids'] = 0
        if f is root:
            f['path'] = 'all'
            continue
        callers = [p for p in frames if p['level'] == f['level'] - 1
                   and p['x'] - 0.01 <= f['x']
                   and f['x'] + f['w'] <= p['x'] + p['w'] + 0.01]
        if len(callers) != 1:
            fail('%s: %d callers' % (f['label'], len(callers)))
        caller = callers[0]
        caller['kids'] += f['n']
        f['path'] = caller['path'] + ' ; ' + f['label']
    for f in frames:
        if f['kids'] > f['n']:
            fail('%s: callees of %d samples in %d'
                 % (f['label'], f['kids'], f['n']))
        print('%d\t%d\t%s\t%s' % (f['level'], f['n'], f['s'], f['path']))


main()

#!/usr/bin/python3
# synth-profile.py -- profiles for tests/collector/report-edges.sh, made
# from a real one (profiler/profile-format.h: records of a 56-byte
# header and a payload, in the machine's byte order):
#   many SRC PROG START SIZE N OUT
#       SRC's records, and N samples of its first thread in its first
#       region, each of 2 frames in PROG's code from START to START + SIZE (offsets
#       in PROG's file, hex, as nm -S gives them): the leaf at sample i's share
#       of the range, the caller at (i * 7919 % N)'s, so that every
#       sample has a stack of its own; the maps stay last.
#   damage SRC OUT SEED
#       SRC with 20 bytes after the magic string changed at random.
import random
import struct
import sys

HEADER = struct.Struct('=IIiIQQQQII')
MAGIC = 16
PROF_THREAD, PROF_SAMPLE, PROF_FORK, PROF_MAPS = 2, 3, 4, 5
WORK = 2


def records(data):
    off = MAGIC
    while off + HEADER.size <= len(data):
        fields = HEADER.unpack_from(data, off)
        yield fields, data[off:off + fields[1]]
        off += fields[1]


def base_of(maps, prog):
    for line in maps.decode(errors='replace').split('\n'):
        f = line.split()
        if len(f) >= 6 and f[5] == prog and int(f[2], 16) == 0:
            return int(f[0].split('-')[0], 16)
    sys.exit('synth-profile: %s is not in the maps' % prog)


def many(src, prog, start, size, n, out):
    data = open(src, 'rb').read()
    recs = list(records(data))
    maps = [r for f, r in recs if f[0] == PROF_MAPS]
    threads = [f for f, r in recs if f[0] == PROF_THREAD]
    forks = [f for f, r in recs if f[0] == PROF_FORK]
    if not maps or not threads or not forks:
        sys.exit('synth-profile: %s has no maps, thread or region' % src)
    base = base_of(maps[0][HEADER.size:], prog) + int(start, 16)
    size, n = int(size, 16), int(n)
    tid, prid, t0 = threads[0][2], forks[0][6], forks[0][4]
    with open(out, 'wb') as o:
        o.write(data[:MAGIC])
        for f, r in recs:
            if f[0] != PROF_MAPS:
                o.write(r)
        for i in range(n):
            leaf = base + i * size // n
            caller = base + (i * 7919 % n) * size // n + 1
            o.write(HEADER.pack(PROF_SAMPLE, HEADER.size + 16, tid, WORK,
                                t0 + i * 1000, 0, prid, 0, 2, 1))
            o.write(struct.pack('=QQ', leaf, caller))
        for r in maps:
            o.write(r)


def damage(src, out, seed):
    data = bytearray(open(src, 'rb').read())
    rnd = random.Random(int(seed))
    for _ in range(20):
        data[rnd.randrange(MAGIC, len(data))] = rnd.randrange(256)
    open(out, 'wb').write(data)


if __name__ == '__main__':
    {'many': many, 'damage': damage}[sys.argv[1]](*sys.argv[2:])

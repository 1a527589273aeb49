#!/usr/bin/env python3
"""Inputs of scripts/bench/scale-files.sh, the same bytes on every run (fixed seeds).

    scale-files-data.py DIR

writes into DIR (skipping what is already there):
  log1000.txt        1 GiB of log lines `TIME LEVEL BYTES COMPONENT,MS,WORDS` ($3 a number
                     for awk, a comma field for cut); log10.txt and log100.txt are its first
                     10 and 100 MiB, so the three sizes share one distribution
  lines20.json       20 MiB of JSON lines, one request record each
  lines200.json      200 MiB of them (lines20.json is its head)
  doc10.json         one JSON document, {"service": …, "records": [ … ]}, of 10 MiB
  doc100.json        the same shape, 100 MiB
  short1000.txt      1 GB of 5-letter lines (sort's worst case: a record per 6 bytes);
                     short10.txt and short100.txt its first 10 and 100 MiB
  tree10, tree100    directories of 10 and 100 MiB: the log cut into files of about 256 KiB
                     in nested directories, with a few small files beside them
"""
import json
import os
import random
import sys

MIB = 1 << 20
LEVELS = ['INFO'] * 14 + ['WARN'] * 3 + ['ERROR'] * 2 + ['DEBUG']
PARTS = ['auth', 'db', 'api', 'cache', 'queue', 'web', 'mail', 'search']
WORDS = ('user request Timeout connection retry failed ok served cache miss hit slow query '
         'commit rollback token expired').split()


def log(path, size):
    """Line suffixes come from a pool of 2^18 (one random draw per line keeps a GiB to about a
    minute); with 19,440 time stamps that is far more distinct lines than a GiB holds."""
    rng = random.Random(7)
    r = rng.random
    pool = [f" {LEVELS[int(r() * 20)]} {int(r() * 99999) + 1} {PARTS[int(r() * 8)]},{int(r() * 2000)},"
            f"{' '.join(rng.choices(WORDS, k=rng.randint(3, 9)))}\n" for _ in range(1 << 18)]
    stamps = [f"2026-11-{1 + d:02d}T{h:02d}:{m:02d}:{s:02d}"
              for d in range(30) for h in range(24) for m in range(0, 60, 7) for s in (5, 17, 42)]
    count, bits = len(stamps), rng.getrandbits
    with open(path + '.part', 'w') as f:
        written = i = 0
        while written < size:
            chunk = ''.join([stamps[(i + k) % count] + pool[bits(18)] for k in range(20000)])
            f.write(chunk)
            written += len(chunk)
            i += 20000
    os.replace(path + '.part', path)


def short(path, size):
    """Random lowercase 5-letter words, one a line: 1 Mi lines per block, from fixed seeds."""
    rng = random.Random(5)
    table = bytes(97 + b % 26 for b in range(256))
    block = 6 * (1 << 20)
    with open(path + '.part', 'wb') as f:
        written = 0
        while written < size:
            raw = bytearray(rng.randbytes(block).translate(table))
            raw[5::6] = b'\n' * (block // 6)
            f.write(raw)
            written += block
    os.replace(path + '.part', path)


def head(source, path, size):
    """The first whole lines of `source` up to `size` bytes."""
    with open(source, 'rb') as f:
        data = f.read(size)
    with open(path, 'wb') as f:
        f.write(data[:data.rindex(b'\n') + 1])


def record(rng, i):
    status = rng.choice([200] * 30 + [201, 204, 301, 304, 400, 401, 403, 404, 404, 500, 502, 503])
    return {"id": i, "ts": 1764547200 + i * 3, "method": rng.choice(["GET"] * 6 + ["POST", "PUT", "DELETE"]),
            "path": f"/api/{rng.choice(PARTS)}/{rng.randint(1, 5000)}", "status": status,
            "ms": round(rng.expovariate(1 / 40), 2), "bytes": rng.randint(0, 99999),
            "user": {"id": rng.randint(1, 20000), "plan": rng.choice(["free", "free", "pro", "team"])},
            "tags": rng.sample(WORDS, 2)}


def json_lines(path, size):
    rng = random.Random(11)
    with open(path + '.part', 'w') as f:
        written = i = 0
        while written < size:
            chunk = ''.join(json.dumps(record(rng, i + k), separators=(',', ':')) + '\n' for k in range(5000))
            f.write(chunk)
            written += len(chunk)
            i += 5000
    os.replace(path + '.part', path)


def document(path, size):
    rng = random.Random(13)
    records, written = [], 0
    while written < size:
        item = record(rng, len(records))
        written += len(json.dumps(item)) + 2
        records.append(item)
    with open(path + '.part', 'w') as f:
        json.dump({"service": "bench", "version": 3, "records": records}, f)
    os.replace(path + '.part', path)


def tree(path, source, size):
    """The log cut into ~256 KiB files, 16 to a directory, two levels deep, and small files."""
    tmp = path + '.part'
    os.makedirs(tmp, exist_ok=True)
    with open(source, 'rb') as f:
        n = 0
        while n * 256 * 1024 < size:
            piece = f.read(256 * 1024)
            if not piece:
                break
            d = os.path.join(tmp, f"d{n // 256:02d}", f"s{n // 16 % 16:02d}")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, f"part{n:05d}.log"), 'wb') as out:
                out.write(piece)
            with open(os.path.join(d, f"note{n:05d}.txt"), 'w') as out:
                out.write(f"piece {n}\n")
            n += 1
    os.replace(tmp, path)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    at = lambda name: os.path.join(out, name)
    if not os.path.exists(at('log1000.txt')):
        log(at('log1000.txt'), 1024 * MIB)
    for mb in (10, 100):
        if not os.path.exists(at(f'log{mb}.txt')):
            head(at('log1000.txt'), at(f'log{mb}.txt'), mb * MIB)
    if not os.path.exists(at('short1000.txt')):
        short(at('short1000.txt'), 1000 * 1000 * 1000)
    for mb in (10, 100):
        if not os.path.exists(at(f'short{mb}.txt')):
            head(at('short1000.txt'), at(f'short{mb}.txt'), mb * MIB)
    if not os.path.exists(at('lines200.json')):
        json_lines(at('lines200.json'), 200 * MIB)
    if not os.path.exists(at('lines20.json')):
        head(at('lines200.json'), at('lines20.json'), 20 * MIB)
    for mb in (10, 100):
        if not os.path.exists(at(f'doc{mb}.json')):
            document(at(f'doc{mb}.json'), mb * MIB)
        if not os.path.exists(at(f'tree{mb}')):
            tree(at(f'tree{mb}'), at('log1000.txt'), mb * MIB)


if __name__ == '__main__':
    main()

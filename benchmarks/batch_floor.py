"""The floor of ``erc batch`` on ``make bench``'s attack lines: the work any Python batch
keeping the contract must do for such a line, and nothing more.

``python batch_floor.py TEMPLATE < lines``: for each line (its last word is the seed) it
seeds the stream the contract fixes (``random.Random(seed).random()``, the C base, as erc
does), draws the line's four d20 by erc's rejection rule, puts them into ``TEMPLATE`` (erc's
own ``--json`` envelope of that attack, so the document has the real shape and size) and
writes it with msgspec. It does not split the line, look at any file, apply a rule or make
a result object; the hits and damage stay the template's. ``make bench`` prints erc batch's
rate as a ratio to this one's, measured in the same run.
"""

from __future__ import annotations

import json
import sys
from _random import Random

import msgspec

P53 = 1 << 53
LIMIT = P53 - P53 % 20


def main() -> None:
    with open(sys.argv[1], "rb") as handle:
        template = json.loads(handle.read())
    rolls = template["rolls"]
    dice = [die for strike in template["result"]["strikes"] for die in strike["dice"]]
    bonus = [die["total"] - die["raw"] for die in dice]
    encode = msgspec.json.Encoder().encode
    write = sys.stdout.buffer.write
    for line in sys.stdin.buffer:
        seed = int(line.rsplit(None, 1)[-1])
        draw = Random(seed).random
        template["seed"] = seed
        for roll, die, plus in zip(rolls, dice, bonus, strict=False):
            bits = int(draw() * P53)
            while bits >= LIMIT:
                bits = int(draw() * P53)
            roll["value"] = die["raw"] = bits % 20 + 1
            die["total"] = die["raw"] + plus
        write(encode(template) + b"\n")


if __name__ == "__main__":
    main()

"""Makes Sources/CPackedText/code.c: the Huffman code packed text is written with (CPackedText), one code
length for each byte value, from how often each byte occurs in the text of real NYT API responses
(../shared/fixtures/nyt: titles, bylines, abstracts, lead paragraphs, kickers, thumbnail paths, photo
captions and credits). Every byte value gets a code (a count of one is added to each), no code is longer
than 12 bits (package-merge), and the code is complete, so any bits decode.

A cache's packed text can be read only with the code it was written with: this code is format 1, and a new
code takes a new format byte while the old one stays in the program.

    python3 Tools/packed-text/make-code.py [fixtures folder]
"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from fields import texts  # noqa: E402

LONGEST = 12


def code_lengths(weights, longest):
    """Length-limited Huffman code lengths (package-merge): each symbol's length is how many of the
    cheapest 2n - 2 items of the last round hold it."""
    leaves = sorted(((weight, (symbol,)) for symbol, weight in enumerate(weights)), key=lambda leaf: (leaf[0], leaf[1]))
    items = leaves
    for _ in range(longest - 1):
        packages = [(items[i][0] + items[i + 1][0], items[i][1] + items[i + 1][1]) for i in range(0, len(items) - 1, 2)]
        items = sorted(leaves + packages, key=lambda item: (item[0], item[1]))
    lengths = [0] * len(weights)
    for _, symbols in items[: 2 * len(weights) - 2]:
        for symbol in symbols:
            lengths[symbol] += 1
    return lengths


def main():
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    fixtures = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "..", "shared", "fixtures", "nyt")
    counts = collections.Counter()
    for text in texts([fixtures]):
        counts.update(text.encode("utf-8"))
    weights = [counts.get(byte, 0) * 4 + 1 for byte in range(256)]
    lengths = code_lengths(weights, LONGEST)
    assert max(lengths) <= LONGEST and sum(2.0 ** -length for length in lengths) == 1.0
    rows = [", ".join(f"{length:2}" for length in lengths[start : start + 16]) + "," for start in range(0, 256, 16)]
    source = "\n".join(
        [
            "// Made by Tools/packed-text/make-code.py from the text of the NYT API responses in ../shared/fixtures/nyt:",
            "// the Huffman code of packed text format 1, each byte value's code length. Never change it; a new code is",
            "// a new format.",
            '#include "code.h"',
            "",
            "const unsigned char nyt_text_code_lengths[256] = {",
            *("    " + row for row in rows),
            "};",
            "",
        ]
    )
    path = os.path.join(root, "Sources", "CPackedText", "code.c")
    with open(path, "w", encoding="utf-8") as out:
        out.write(source)
    print(f"{path}: {sum(counts.values())} bytes of text, code lengths {min(lengths)}-{max(lengths)}", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""browser_check.py SHOT.png DOM.html -- check that the HTML report, as
Chromium rendered it, shows the summary cards and the first drawing above
the fold.

SHOT.png is Chromium's screenshot of the page at 1280x800 (the fold is its
bottom edge); DOM.html is Chromium's --dump-dom of the same page with a
probe script added (tests/browser_cli.sh) that wrote, after layout, the
boxes (left, top, right, bottom in CSS pixels from the top of the page) of
the cards section, of each card and of the first drawing of a
counterexample into <pre id="probe">.

Checked: the layout was 1280 wide; the screenshot is 1280x800; every card
and the whole first drawing lie inside 1280x800; and the screenshot's
pixels there show them: the header band dark, each card's white face, the
red top border of the failing-theorems card, and coloured cells (the
layout's grid) inside the drawing's box.  Prints "N passed, N failed" with
a line per failure.
"""
import json
import re
import struct
import sys
import zlib

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what)


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA,
    non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, head = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = head
    assert depth == 8 and ctype in (2, 6) and interlace == 0, head
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def pixels(rows, box, inset=0):
    """The pixels inside box (left, top, right, bottom), inset on each side."""
    l, t, r, b = (int(box[0]) + inset, int(box[1]) + inset, int(box[2]) - inset,
                  int(box[3]) - inset)
    return [rows[y][x] for y in range(max(t, 0), min(b, len(rows)))
            for x in range(max(l, 0), min(r, len(rows[0])))]


def near(p, q, tol=24):
    return all(abs(a - b) <= tol for a, b in zip(p, q))


def main():
    w, h, rows = read_png(sys.argv[1])
    m = re.search(r'<pre id="probe"[^>]*>([^<]*)</pre>', open(sys.argv[2]).read())
    check(m is not None, "the probe wrote no positions (did the page load?)")
    if not m:
        print("%d passed, %d failed" % (passed, failed))
        return 1
    pos = json.loads(m.group(1).replace("&quot;", '"'))
    fold = 800
    check((w, h) == (1280, fold), "screenshot is %dx%d, not 1280x800" % (w, h))
    check(pos["vw"] == 1280, "layout width %s, not 1280" % pos["vw"])
    cards, drawing = pos["card"], pos["drawing"]
    check(len(cards) >= 4, "%d summary cards" % len(cards))
    for i, c in enumerate(cards):
        check(c[0] >= 0 and c[2] <= 1280 and c[1] >= 0 and c[3] <= fold,
              "card %d at %s is not inside 1280x%d" % (i + 1, c, fold))
    check(drawing is not None, "no drawing in a counterexample's card")
    if drawing:
        check(drawing[3] <= fold and drawing[0] >= 0 and drawing[2] <= 1280,
              "the first drawing at %s is not inside 1280x%d" % (drawing, fold))
    # the pixels: the page header, the cards' faces, the first card's red
    # border (a failing theorem), the drawing's coloured cells
    check(near(rows[10][10], (0x1a, 0x1d, 0x21)), "header band at (10,10) is %s" % (rows[10][10],))
    for i, c in enumerate(cards):
        face = pixels(rows, c, inset=8)
        white = sum(near(p, (255, 255, 255), 6) for p in face)
        check(face and white > len(face) // 2,
              "card %d: %d of %d pixels white" % (i + 1, white, len(face)))
    top = pixels(rows, (cards[0][0] + 10, cards[0][1], cards[0][2] - 10, cards[0][1] + 4))
    red = sum(near(p, (0xe0, 0x31, 0x31), 40) for p in top)
    check(top and red > len(top) // 2, "the failing-theorems card's top border: %d of %d red"
          % (red, len(top)))
    if drawing and drawing[3] <= fold:
        cells = pixels(rows, drawing)
        coloured = sum(max(p) - min(p) > 40 for p in cells)
        check(coloured > 100, "the first drawing: %d coloured pixels" % coloured)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

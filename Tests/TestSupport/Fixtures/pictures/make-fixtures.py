#!/usr/bin/env python3
"""Writes the picture fixtures into this folder, the same bytes every time.

JPEGs are encoded by cjpeg (Debian's libjpeg-turbo-progs) from pixels made here, but for the four-channel
ones (CMYK, YCCK), which cjpeg does not write: flat-colored blocks encoded here (`four_channel_jpeg`); PNGs
are written here with zlib. The hostile fixtures are made from the good ones: a header declaring 60,000 × 60,000 pixels,
data cut short, an HTML page. Run it from anywhere: python3 make-fixtures.py
"""
import math
import os
import struct
import subprocess
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def scene(width, height):
    """A photograph-like RGB picture: a sky gradient, a sun, hills and stripes."""
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            u, v = x / width, y / height
            r, g, b = int(40 + 120 * v), int(90 + 110 * v), int(200 - 60 * v)
            sun = math.hypot(u - 0.72, (v - 0.3) * height / width)
            if sun < 0.09:
                r, g, b = 250, 200, 60
            hill = 0.62 + 0.08 * math.sin(u * 9.0) + 0.04 * math.sin(u * 23.0)
            if v > hill:
                shade = (v - hill) * 2
                r, g, b = int(30 + 40 * shade), int(120 - 50 * shade), int(40 + 10 * shade)
                if (x // 12 + y // 12) % 5 == 0:
                    r, g, b = 200, 60, 50
            pixels += bytes((max(0, min(255, r)), max(0, min(255, g)), max(0, min(255, b))))
    return bytes(pixels)


def cjpeg(name, width, height, pixels, *options, gray=False):
    kind, channels = (b"P5", 1) if gray else (b"P6", 3)
    if gray:
        pixels = bytes(pixels[i] for i in range(0, len(pixels), 3))
    ppm = kind + b"\n%d %d\n255\n" % (width, height) + pixels
    jpeg = subprocess.run(["cjpeg", "-quality", "85", *options], input=ppm, capture_output=True, check=True).stdout
    write(name, jpeg)
    return jpeg


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, color_type, rows, interlaced=False, extra=b""):
    """A PNG of 8-bit `rows` (bytes each, no filter byte), Adam7-interlaced when asked."""
    channels = {0: 1, 2: 3, 3: 1, 6: 4}[color_type]
    if interlaced:
        raw = bytearray()
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        for x0, y0, dx, dy in passes:
            for y in range(y0, height, dy):
                line = b"".join(rows[y][x * channels:(x + 1) * channels] for x in range(x0, width, dx))
                if line:
                    raw += b"\x00" + line
    else:
        raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 1 if interlaced else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def marker(code, payload):
    return b"\xff" + bytes((code,)) + struct.pack(">H", len(payload) + 2) + payload


def four_channel_jpeg(blocks, adobe_transform=None):
    """A baseline JPEG of 8 × 8 blocks side by side, each one flat color of four channels (`blocks`: the
    channels' stored values, 0-255). With `adobe_transform` (0: CMYK, 2: YCCK) an Adobe APP14 marker says
    how the channels are stored, as Photoshop writes them. Every block is only its DC coefficient: a
    quantizer of 8 makes the coefficient the value minus 128, coded with a 4-bit Huffman code per size
    category and one 1-bit code for the end of the block."""
    out = b"\xff\xd8"
    if adobe_transform is not None:
        out += marker(0xEE, b"Adobe" + struct.pack(">HHHB", 100, 0, 0, adobe_transform))
    out += marker(0xDB, b"\x00" + bytes([8] * 64))
    out += marker(0xC0, struct.pack(">BHHB", 8, 8, 8 * len(blocks), 4)
                  + b"".join(bytes((component, 0x11, 0)) for component in range(1, 5)))
    # DC table 0: categories 0-11, four bits each; AC table 0: end of block only, one bit.
    out += marker(0xC4, b"\x00" + bytes((0, 0, 0, 12) + (0,) * 12) + bytes(range(12)))
    out += marker(0xC4, b"\x10" + bytes((1,) + (0,) * 15) + b"\x00")
    out += marker(0xDA, b"\x04" + b"".join(bytes((component, 0x00)) for component in range(1, 5)) + b"\x00\x3f\x00")
    bits = ""
    previous = [0, 0, 0, 0]
    for block in blocks:
        for channel, value in enumerate(block):
            difference = (value - 128) - previous[channel]
            previous[channel] = value - 128
            category = abs(difference).bit_length()
            bits += format(category, "04b")
            if category:
                bits += format(difference if difference > 0 else difference + (1 << category) - 1, "0%db" % category)
            bits += "0"
    bits += "1" * (-len(bits) % 8)
    data = bytes(int(bits[index:index + 8], 2) for index in range(0, len(bits), 8))
    return out + data.replace(b"\xff", b"\xff\x00") + b"\xff\xd9"


def ycc(red, green, blue):
    """JFIF's YCbCr of an RGB color, rounded."""
    return (round(0.299 * red + 0.587 * green + 0.114 * blue),
            round(128 - 0.168736 * red - 0.331264 * green + 0.5 * blue),
            round(128 + 0.5 * red - 0.418688 * green - 0.081312 * blue))


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as file:
        file.write(data)


def main():
    width, height = 600, 400
    photo = scene(width, height)
    scene_jpeg = cjpeg("scene-600x400.jpg", width, height, photo)
    cjpeg("scene-progressive-600x400.jpg", width, height, photo, "-progressive")
    small = scene(120, 80)
    cjpeg("scene-gray-120x80.jpg", 120, 80, small, gray=True)

    # RGBA: the scene with a transparent frame and a half-transparent band.
    rows = []
    for y in range(80):
        row = bytearray()
        for x in range(120):
            r, g, b = small[(y * 120 + x) * 3:(y * 120 + x) * 3 + 3]
            alpha = 0 if x < 10 or x >= 110 or y < 10 or y >= 70 else (128 if 35 <= y < 45 else 255)
            row += bytes((r, g, b, alpha))
        rows.append(bytes(row))
    write("scene-alpha-120x80.png", png(120, 80, 6, rows))
    write("scene-interlaced-120x80.png", png(120, 80, 6, rows, interlaced=True))

    # A palette picture: four colored quarters, one of them transparent through tRNS.
    palette = chunk(b"PLTE", bytes((255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255)))
    transparency = chunk(b"tRNS", bytes((255, 255, 255, 0)))
    quarters = [bytes((0 if x < 16 else 1) + (0 if y < 16 else 2) for x in range(32)) for y in range(32)]
    write("quarters-palette-32x32.png", png(32, 32, 3, quarters, extra=palette + transparency))

    # Hostile: a JPEG whose frame header declares 60,000 × 60,000 (3.6 gigapixels) in a few kilobytes.
    start_of_frame = scene_jpeg.index(b"\xff\xc0")
    bomb = bytearray(scene_jpeg)
    bomb[start_of_frame + 5:start_of_frame + 9] = struct.pack(">HH", 60000, 60000)
    write("bomb-60000x60000.jpg", bytes(bomb))
    # The same for a PNG, its header's checksum made right so that only the size is wrong.
    small_png = png(120, 80, 6, rows)
    header = struct.pack(">IIBBBBB", 60000, 60000, 8, 6, 0, 0, 0)
    write("bomb-60000x60000.png", small_png[:8] + chunk(b"IHDR", header) + small_png[8 + 25:])
    # Cut short: 60% of the scene (inside the entropy-coded data), and a PNG cut inside its IDAT.
    write("truncated.jpg", scene_jpeg[:len(scene_jpeg) * 6 // 10])
    write("truncated.png", small_png[:len(small_png) * 6 // 10])
    # An error page served as image/jpeg.
    write("html-as-jpeg.jpg", b"<!DOCTYPE html>\n<html><head><title>503 Service Unavailable</title></head>\n"
          b"<body><h1>Service Unavailable</h1></body></html>\n")

    # Four-channel JPEGs: cyan, red and 50 % black ink, side by side. Without an Adobe marker the values
    # are ink (255: full); Photoshop's Adobe CMYK stores them inverted (0: full ink), and its YCCK stores
    # C, M, Y as the YCbCr of the color 255 - inverted ink (the decoder's YCC → RGB, then 255 - R, G, B,
    # gives the inverted ink back) beside the inverted K.
    inks = [(255, 0, 0, 0), (0, 255, 255, 0), (0, 0, 0, 128)]
    inverted = [tuple(255 - value for value in ink) for ink in inks]
    write("cmyk-24x8.jpg", four_channel_jpeg(inks))
    write("cmyk-adobe-24x8.jpg", four_channel_jpeg(inverted, adobe_transform=0))
    write("ycck-adobe-24x8.jpg", four_channel_jpeg([ycc(*ink[:3]) + (255 - ink[3],) for ink in inks], adobe_transform=2))


main()

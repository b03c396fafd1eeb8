"""The text fields of NYT API responses as an article stores them: title, byline, abstract, lead paragraph,
kicker, thumbnail path, photo caption and credit (make-code.py counts their bytes)."""
import glob
import json
import os


def text(value):
    return value if isinstance(value, str) else ""


def fields(item):
    headline = item.get("headline") if isinstance(item.get("headline"), dict) else {}
    byline = item.get("byline")
    yield text(item.get("title")) or text(headline.get("main"))
    yield byline if isinstance(byline, str) else text(byline.get("original")) if isinstance(byline, dict) else ""
    yield text(item.get("abstract"))
    yield text(item.get("lead_paragraph"))
    yield text(item.get("kicker")) or text(headline.get("kicker"))
    media = [m for m in item.get("multimedia") or [] if isinstance(m, dict)]
    for m in media:
        url = text(m.get("url"))
        if "thumbStandard" in url or m.get("format") == "Standard Thumbnail":
            path = url.replace("https://static01.nyt.com", "")
            yield path if path.startswith("/") else "/" + path
            break
    yield next((text(m.get("caption")) for m in media if text(m.get("caption"))), "")
    yield next((text(m.get("copyright")) or text(m.get("credit")) for m in media if text(m.get("copyright")) or text(m.get("credit"))), "")


def texts(folders):
    """Every non-empty text field of every item of the responses in `folders`."""
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
            document = json.load(open(path, encoding="utf-8"))
            items = document.get("results") or (document.get("response") or {}).get("docs") or []
            for item in (i for i in items if isinstance(i, dict)):
                yield from (value for value in fields(item) if value)

"""Draw the app's icons (PNG) from icon.svg with headless Chromium: ``python build/icons/render.py``.

The PNGs are committed: the phone site (``treasure-companion publish``) copies them, and a build needs no
browser. Run this again after changing icon.svg. The maskable icons keep the picture inside the middle 80 %
that a phone's round or squircle mask always shows; the others fill the square.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).parent
SIZES = {"icon-192": (192, 1.0), "icon-512": (512, 1.0), "icon-maskable-192": (192, 0.8),
         "icon-maskable-512": (512, 0.8), "apple-touch-icon-180": (180, 1.0), "favicon-32": (32, 1.0)}


def page_html(svg: str, size: int, scale: float) -> str:
    inner = round(size * scale)
    pad = (size - inner) // 2
    sized = svg.replace("<svg ", f'<svg width="{inner}" height="{inner}" ', 1)
    return (f"<html><body style='margin:0;background:#FF8F00;width:{size}px;height:{size}px'>"
            f"<div style='position:absolute;left:{pad}px;top:{pad}px;width:{inner}px;height:{inner}px'>"
            f"{sized}</div></body></html>")


def main() -> None:
    svg = (HERE / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        for name, (size, scale) in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, scale))
            page.screenshot(path=str(HERE / f"{name}.png"), clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
        browser.close()


if __name__ == "__main__":
    main()

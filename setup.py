# SPDX-License-Identifier: GPL-3.0-or-later
"""The metadata is in pyproject.toml; this adds only what a pattern
cannot say: the pictures the rules pages show (``src="../../images/X"``
in html-src/), the README's screenshots left out."""
import re
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent


def page_pictures():
    names = set()
    for page in (HERE / "html-src").rglob("*.html"):
        names.update(re.findall(r'src="\.\./\.\./images/([^"/]+)"',
                                page.read_text(encoding="utf-8")))
    return sorted(names)


setup(package_data={"pysolfc_camelot.images": page_pictures()})

# SPDX-License-Identifier: GPL-3.0-or-later
"""``python -m pysolfc_camelot.study compact IN OUT``: see study.main."""
from . import main

raise SystemExit(main())

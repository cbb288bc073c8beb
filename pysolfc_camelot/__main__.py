# SPDX-License-Identifier: GPL-3.0-or-later
import sys

from .cli import main

sys.exit(main())

# SPDX-License-Identifier: GPL-3.0-or-later
"""Installing into PySolFC's folders, the plugin bundle, the rules pages
and their pictures."""

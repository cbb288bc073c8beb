# SPDX-License-Identifier: GPL-3.0-or-later
"""Test-only PySolFC plugin: what PySolFC would say through the player's
screen reader goes to a file instead, one JSON string a line.

PySolFC 3.4 and later speak through ``pysollib.speech.Speech``, whose
engine is its class attribute ``speechClass`` (an accessible_output
wrapper, silent where no screen reader runs).  With
CAMELOT_TEST_SPEECH_FILE set, that engine is replaced by a recorder: the
game's code and PySolFC's own speech path run unchanged up to the last
step.  Hosts without ``pysollib.speech`` (3.2) have nothing to replace.
"""
import json
import os

OUT = os.environ.get("CAMELOT_TEST_SPEECH_FILE")


class Recorder:
    def isSupported(self):
        return True

    def speak(self, text, *args, **kw):
        with open(OUT, "a", encoding="utf-8") as f:
            f.write(json.dumps(str(text)) + "\n")


if OUT:
    try:
        from pysollib import speech
    except ImportError:
        speech = None
    if speech is not None:
        speech.Speech.speechClass = Recorder()

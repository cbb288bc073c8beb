# SPDX-License-Identifier: GPL-3.0-or-later
"""Run scenario functions inside a real PySolFC application.

Usage: python runner.py HOST_DIR SCENARIO_FILE NAME[,NAME...] RESULT_JSON

Started with a display and a fresh HOME holding our plugin: by
tests/hostenv.py's run_scenarios (installed by our installer) or by
tests/test_bundle.py (the drop-in zip unzipped).  PySolFC starts on the
game $CAMELOT_GAME_ID; SCENARIO_FILE's folder is put on sys.path, so the
scenario modules share scenario_steps.py and known_deals.py.  Each
scenario ``scenario_NAME(app)`` runs from the Tk event loop (or,
returning a generator, steps through it between waits: see run_next);
results go to RESULT_JSON; then the process ends.
"""
import importlib.util
import inspect
import json
import os
import sys
import threading
import time
import traceback

host, scenario_file, names, result_file = sys.argv[1:5]
os.chdir(host)
sys.path.insert(0, host)

from pysollib.init import init  # noqa: E402
init()
from pysollib.app import Application  # noqa: E402
from pysollib.main import pysol_init  # noqa: E402

app = Application()
game_id = os.environ["CAMELOT_GAME_ID"]
if pysol_init(app, ["pysol.py", "--nosound", "-i", game_id]) != 0:
    sys.exit("PySolFC failed to start")
# Only now: the scenarios then import the plugin's installed copy of
# pysolfc_camelot, the one PySolFC loaded, not the checkout.
# The scenario modules share tests/host/scenario_steps.py.
sys.path.insert(0, os.path.dirname(os.path.abspath(scenario_file)))
spec = importlib.util.spec_from_file_location("scenarios", scenario_file)
scenarios = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scenarios)


def watchdog(seconds):
    """A scenario that hangs (e.g. on a dialog) must not hang the test."""
    time.sleep(seconds)
    results["watchdog"] = {"ok": False,
                           "error": "timed out after %d s" % seconds}
    with open(result_file, "w") as f:
        json.dump(results, f, indent=1, default=str)
    os._exit(3)


results = {}
threading.Thread(target=watchdog, args=(int(os.environ.get(
    "CAMELOT_SCENARIO_TIMEOUT", "300")),), daemon=True).start()


def run_all():
    game = app.game
    if game is None or game.busy or game.id != int(game_id):
        app.top.after(200, run_all)         # still starting up
        return
    run_next(names.split(","))


def run_next(queue):
    """Run the scenarios in queue, one after the other, then write the
    results and end.  A scenario that returns a generator runs from the
    event loop: each value it yields is a condition (a function) to wait
    for, checked every POLL_MS while PySolFC's own loop goes on (a new
    game being set up, a cardset loading); its return value is the
    result."""
    if not queue:
        finish()
        return
    name, t0 = queue[0], time.time()
    try:
        detail = getattr(scenarios, "scenario_" + name)(app)
    except Exception:
        done(name, t0, {"ok": False, "error": traceback.format_exc()},
             queue)
        return
    if inspect.isgenerator(detail):
        step(name, t0, detail, queue)
    else:
        done(name, t0, {"ok": True, "detail": detail}, queue)


POLL_MS = 50


def step(name, t0, steps, queue):
    try:
        condition = next(steps)
    except StopIteration as end:
        done(name, t0, {"ok": True, "detail": end.value}, queue)
        return
    except Exception:
        done(name, t0, {"ok": False, "error": traceback.format_exc()},
             queue)
        return

    def poll():
        try:
            ready = condition()
        except Exception:
            steps.close()
            done(name, t0, {"ok": False, "error": traceback.format_exc()},
                 queue)
            return
        if ready:
            step(name, t0, steps, queue)
        else:
            app.top.after(POLL_MS, poll)
    app.top.after(POLL_MS, poll)


def done(name, t0, result, queue):
    results[name] = result
    result["seconds"] = round(time.time() - t0, 2)
    run_next(queue[1:])


def finish():
    with open(result_file, "w") as f:
        json.dump(results, f, indent=1, default=str)
    sys.stdout.flush()
    os._exit(0)            # PySolFC's own exit would save settings and wait


app.top.after(300, run_all)
app.mainloop()

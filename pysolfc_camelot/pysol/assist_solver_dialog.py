# SPDX-License-Identifier: GPL-3.0-or-later
"""PySolFC's Solver dialog, worn by our games while one of them is current.

PySolFC has one Solver dialog, made for freecell-solver: its title says
"FreeCell Solver", it offers freecell-solver's presets and a "Show
progress" switch, and its progress fields are named after fc-solve's
iterations and depth.  None of that means anything for our searches, which
always show their progress and are bounded by states.  So while one of
our games is the current game the dialog gets our title, hides those two
rows and names its fields for what our search reports (time, the position
searched, states); when the player moves on to any other game, every text
and row is given back exactly as PySolFC made it.  Nothing of PySolFC is
patched: only the open dialog's widgets are reconfigured.
"""
import sys

from .. import texts

# Where PySolFC keeps the open dialog (tile or plain Tk front end).
_DIALOG_MODULES = ("pysollib.tile.solverdialog", "pysollib.tk.solverdialog")
_SAVED = "_pysolfc_camelot_face"        # PySolFC's own face, while dressed


def current_dialog():
    """The Solver dialog on screen, or None."""
    for name in _DIALOG_MODULES:
        dialog = getattr(sys.modules.get(name), "solver_dialog", None)
        top = getattr(dialog, "top", None)
        try:
            if top is not None and top.winfo_exists():
                return dialog
        except Exception:
            pass
    return None


def open_for(app):
    """Assist > Solver... while one of our games is current: PySolFC's own
    command (the dialog does not block), then our face on it."""
    app.menubar.mSolver()
    dress(app.game)


def _caption_of(widget):
    """The label left of widget in its grid row (PySolFC's "Depth:" of
    depth_label, "Preset:" of the preset box)."""
    row = widget.grid_info().get("row")
    return widget.master.grid_slaves(row=row, column=0)[0]


def _row_widgets(widget):
    row = widget.grid_info().get("row")
    return list(widget.master.grid_slaves(row=row))


def _progress_switch(dialog):
    """PySolFC's "Show progress" check button (it keeps no reference)."""
    frame = dialog.preset_var.master
    wanted = str(dialog.progress_var)
    for w in frame.grid_slaves():
        try:
            if str(w.cget("variable")) == wanted:
                return w
        except Exception:
            continue
    return None


def dress(game, dialog=None):
    """Our face on the open dialog (if any) for game; idempotent."""
    dialog = dialog or current_dialog()
    if dialog is None:
        return False
    try:
        _dress(dialog, game)
    except Exception:
        # A PySolFC whose dialog is laid out otherwise keeps its own face.
        undress(dialog)
        return False
    return True


def _max_states_box(dialog):
    """PySolFC's "Max iterations" spin box: the row after the preset's.
    Our searches count states, and this bounds them."""
    frame = dialog.preset_var.master
    row = int(dialog.preset_var.grid_info()["row"]) + 1
    return frame.grid_slaves(row=row, column=1)[0]


def _dress(dialog, game):
    if getattr(dialog, _SAVED, None) is None:
        hidden = _row_widgets(dialog.preset_var)
        switch = _progress_switch(dialog)
        if switch is not None:
            hidden += _row_widgets(switch)
        captions = {}
        for key, widget in (("solver.field.time", dialog.iter_label),
                            ("solver.field.position", dialog.depth_label),
                            ("solver.field.states", dialog.states_label),
                            ("solver.field.max_states",
                             _max_states_box(dialog))):
            caption = _caption_of(widget)
            captions[key] = (caption, caption.cget("text"))
        setattr(dialog, _SAVED, {"title": dialog.top.wm_title(),
                                 "hidden": hidden, "captions": captions})
    face = getattr(dialog, _SAVED)
    dialog.top.wm_title(texts.tr("solver.title",
                                 game=game.gameinfo.name))
    for w in face["hidden"]:
        w.grid_remove()
    for key, (w, _text) in face["captions"].items():
        w.config(text=texts.tr(key))
    # Settle the smaller layout now, so the buttons are where they stay
    # before anyone aims at them.
    dialog.top.update_idletasks()


def undress(dialog=None):
    """PySolFC's own face back on the dialog, exactly as it was."""
    dialog = dialog or current_dialog()
    face = getattr(dialog, _SAVED, None) if dialog is not None else None
    if face is None:
        return False
    setattr(dialog, _SAVED, None)
    try:
        dialog.top.wm_title(face["title"])
        for w in face["hidden"]:
            w.grid()
        for w, text in face["captions"].values():
            w.config(text=text)
        dialog.setText(iter="", depth="", states="")    # settles it too
    except Exception:
        pass
    return True

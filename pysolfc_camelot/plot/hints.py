# SPDX-License-Identifier: GPL-3.0-or-later
"""Hints for The Plot: the fair hint (what a good player sees and does),
the greedy baseline of the rules (RULES.md), and a helper that plays a whole
deal with a policy (for the benchmark and the demo's measurements).

What the fair hint may read (a player's view of the table):

* the tableau, the waste and the foundations, all face up;
* the reserve's top card and how many cards the reserve holds (it is
  squared, so the cards below the top are never read);
* how many cards the stock holds, never their order;
* the multiset of cards not yet seen (every card minus the visible ones).

It never deals in its look-ahead, so the stock order cannot leak into the
answer: the look-ahead plays only moves between visible cards.
"""
from .notation import DEAL, RESERVE, STOCK, WASTE
from .rules import FULL, TAB_INDEX, Position

__all__ = ["fair_move", "greedy_move", "play_policy", "POLICIES"]

# Weights of _evaluate (per card or per space) and the cost of one move
# of a look-ahead line (so that of two equal lines the shorter wins).
W = dict(reserve=5.0, step=0.01, space=1.0, space_end=0.5, waste=3.0,
         tab=1.0)
# Look-ahead depth of the fair hint (moves between visible cards only).
DEPTH = 4


# -- the greedy baseline ----------------------------------------------------

def greedy_move(position):
    """The plain baseline of the rules (RULES.md): bank anything (the reserve
    first), then move the waste top onto the tableau, then deal.  Never a
    move between tableau piles.  None when none of those is legal."""
    moves = position.legal_moves()
    best = None
    best_key = None
    for m in moves:
        if m.dst.startswith("F"):
            k = (0, m.src != RESERVE)
        elif m.src == WASTE:
            k = (1,)
        elif m == DEAL:
            k = (2,)
        else:
            continue
        if best_key is None or k < best_key:
            best, best_key = m, k
    return best


# -- the fair hint ------------------------------------------------------------

def _sensible(pos, moves):
    """The moves the look-ahead considers, none of which can be undone (so
    a line of them never loops): banking, the waste top onto the tableau
    (onto a card or into a space), and a tableau pile's last card onto
    another pile (the pile becomes a space; the tableau never refills a
    space, so this cannot be undone either).

    Equivalent moves are kept once: foundations that take the same rank
    hold as many cards, so one of them stands for all; piles whose tops
    take the same card differ only below, and spaces not at all, so one
    pile of each kind (the shortest, then the first) stands for the rest.
    """
    out = []
    tab = pos.tableau
    seen = set()
    seen_at = {}
    for m in moves:
        src, dst = m
        if src == STOCK:
            continue
        if dst[0] == "F":
            k = (src, "F")
        elif src == WASTE or (src[0] == "T"
                              and len(tab[TAB_INDEX[src]]) == 1):
            pile = tab[TAB_INDEX[dst]]
            k = (src, "T", bool(pile))
            if k in seen:
                # Keep the shortest pile of the kind.
                i = seen_at[k]
                if len(pile) < len(tab[TAB_INDEX[out[i].dst]]):
                    out[i] = m
                continue
            seen_at[k] = len(out)
        else:
            continue
        if k in seen:
            continue
        seen.add(k)
        out.append(m)
    return out


def _view(pos):
    """What the player sees, as a position the look-ahead may play on: the
    reserve cut down to its top card (the cards below it are not read),
    the stock empty (its order is never read; the look-ahead never
    deals).  The stock's size is passed on separately."""
    v = Position.__new__(Position)
    v.reserve = pos.reserve[-1:]
    v.foundations, v.tableau, v.waste = pos.foundations, pos.tableau, \
        pos.waste
    v.stock = ()
    v.base = pos.base
    return v


def _evaluate(pos, stock_left):
    """How good a position looks to a player (bigger is better), from the
    visible cards only: cards banked count most, then spaces, and cards
    lying in the waste cost more than cards on the tableau (the waste
    gives them back only in reverse order)."""
    score = 0
    for f in pos.foundations:
        score += len(f)
    v = 100.0 * score
    # Spaces count only once the restriction is over (during it a space
    # takes nothing but a base-rank card from the waste).
    if len(pos.foundations[0]) == FULL:
        spaces = sum(1 for t in pos.tableau if not t)
        v += (W["space"] if stock_left else W["space_end"]) * spaces
    v -= W["reserve"] * len(pos.reserve)
    # Waste: every card below the top is buried.
    v -= W["waste"] * len(pos.waste)
    # Tableau: cards under the top wait for the ones above them.
    for t in pos.tableau:
        if t:
            v -= W["tab"] * len(t)
    return v


def _search(pos, depth, memo, stock_left):
    """Best evaluation reachable from the view ``pos`` with up to
    ``depth`` sensible moves, and the line reaching it."""
    key = (pos.reserve, pos.foundations, pos.tableau, pos.waste)
    hit = memo.get(key)
    if hit is not None and hit[0] >= depth:
        return hit[1], hit[2]
    best = _evaluate(pos, stock_left)
    line = ()
    if depth > 0:
        for m in _sensible(pos, pos.legal_moves()):
            v, sub = _search(pos.after(m, check=False), depth - 1, memo,
                             stock_left)
            v -= W["step"]
            if v > best + 1e-9:
                best, line = v, (m,) + sub
    memo[key] = (depth, best, line)
    return best, line


def _klass(pos, m):
    """Priority class of a sensible move (smaller first)."""
    if m.dst[0] == "F":
        return 0 if m.src == RESERVE else 1
    if m.src == WASTE:
        return 2 if pos.tableau[TAB_INDEX[m.dst]] else 3
    return 4


def fair_move(position, depth=DEPTH):
    """The move a good player would make here, from what a player sees;
    None when nothing useful is left (the stock is empty and no card can
    be banked or leave the waste; the game is then lost).

    The kinds of move come in the order the rules (RULES.md) advises: bank the
    reserve top first (the reserve gives its cards only to the
    foundations), then bank anything else, then the waste top onto a
    tableau card, then the waste top into a space, then empty a one-card
    pile onto another pile, and deal only when none of these is legal.
    Among the moves of the best kind the look-ahead picks the one whose
    continuation (up to ``depth`` - 1 more moves between visible cards)
    looks best to _evaluate.  Moves between two piles that leave both
    non-empty are never hinted: they only swap which pile shows a rank.

    No loops: every hinted move lowers 3 * stock + 2 * waste + (non-empty
    tableau piles) + 3 * (cards not banked) by at least one (a deal moves a
    card from the stock to the waste; the waste top onto the tableau empties
    the waste by one and fills at most one space; a one-card pile onto
    another empties a pile; banking banks a card), so a game played with
    hints ends after finitely many moves and never sees a position twice.
    """
    stock_left = len(position.stock)
    pos = _view(position)
    moves = _sensible(pos, pos.legal_moves())
    if not moves:
        return DEAL if stock_left else None
    best_k = min(_klass(pos, m) for m in moves)
    cands = [m for m in moves if _klass(pos, m) == best_k]
    if len(cands) == 1:
        return cands[0]
    memo = {}
    best, best_v = None, None
    for m in cands:
        v, _ = _search(pos.after(m, check=False), depth - 1, memo,
                       stock_left)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = m, v
    return best


# -- playing whole deals ----------------------------------------------------

POLICIES = {"hint": fair_move, "greedy": greedy_move}


def play_policy(deck, policy, max_moves=2000):
    """Play the deal of ``deck`` with ``policy`` (a function position ->
    move or None, or a name in POLICIES) until it is won, the policy has
    no move, or ``max_moves`` moves were made.  Returns (won, moves)."""
    choose = POLICIES.get(policy, policy) if isinstance(policy, str) \
        else policy
    pos = Position.new_game(deck)
    moves = []
    while len(moves) < max_moves and not pos.is_won():
        m = choose(pos)
        if m is None:
            break
        pos.play(m)
        moves.append(m)
    return pos.is_won(), moves

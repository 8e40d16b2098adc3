"""The neural evaluators: a position's input encoding per game family, and a small network over it, in pure Python.

A network reads a position from the **side to move's** view and answers five probabilities, in the order of
:data:`OUTPUTS`: the mover wins, wins with mars (gammon), wins with koks (backgammon), loses with mars, loses
with koks (losing at all is ``1 - win``). It is one hidden layer of sigmoid units and five sigmoid outputs,
trained by self-play (``training/``; ``docs/engine-net.md`` has the encoding, the sizes and how the shipped
weights were made). Its weights are a versioned data file in the package, ``nardy_core/weights/<family>-v1.json``,
read on first use.

The encoding (:func:`encode_sides`) writes each side's checkers in that side's own numbering, the mover's first,
as truncated unary units per point (``n >= 1``, ``n >= 2``, ``n >= 3``, then ``(n - 3) / tail``), then the bar
(short family) and the borne-off share. Most units are 0, so an encoding is *sparse*: the ``(input, value)`` pairs
that are not 0, and the forward pass adds only those inputs' weight columns. A decision's candidates share most
of their inputs, so :meth:`Network.forward` computes the first one's hidden sums once and each other one from
the inputs in which it differs.

>>> from nardy_core.position import Position
>>> encoding(Family.LONG).inputs, encoding(Family.SHORT).inputs
(194, 196)
>>> encode(Position.start())[:2]
[(92, 1.0), (93, 1.0)]
>>> net = Network.zero(Family.SHORT, hidden=4)
>>> net.forward([encode(Position.start(Game.SHORT))])
[(0.5, 0.5, 0.5, 0.5, 0.5)]
>>> consistent((0.7, 0.8, 0.1, 0.4, 0.5))     # mars <= win, koks <= mars, on both sides
(0.7, 0.7, 0.1, 0.30000000000000004, 0.30000000000000004)
"""

from __future__ import annotations

import base64
import json
import os
import sys
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import exp
from operator import add, mul, sub
from typing import Any, assert_never

from .errors import DataNotLoaded
from .evaluator import RACE, Layered, Probabilities, register
from .games import BAR, CHECKERS, POINTS, Family, Game
from .notation import Counts
from .position import Position
from .rules import LongRules, Rules, ShortRules
from .sides import Side

FORMAT = "nardy-net"  #: the weight file's ``format``
FORMAT_VERSION = 1  #: the weight file's ``version``: what this module reads
LAZY_FORMAT = "nardy-net-lazy"  #: the ``format`` of the stand-in the site's wheel holds for a weight file
OUTPUTS = ("win", "win_mars", "win_koks", "lose_mars", "lose_koks")  #: the network's outputs, in order
UNITS = 4  #: truncated unary units per point per side

NetOutput = tuple[float, float, float, float, float]  #: the five outputs, in the order of :data:`OUTPUTS`
Sparse = list[tuple[int, float]]  #: an encoding: the (input index, value) pairs that are not 0, by index


@dataclass(frozen=True)
class Encoding:
    """How a family's positions become inputs: per side (the mover's block first) ``UNITS`` per point, then
    the bar where the family has one, then the borne-off share."""

    family: Family
    tail: float  #: the fourth unit of a point is ``(n - 3) / tail``: about 1 for the tallest stacks the family sees
    has_bar: bool  #: a bar unit per side (``bar / 2``)
    per_side: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "per_side", POINTS * UNITS + int(self.has_bar) + 1)

    @property
    def inputs(self) -> int:
        """How many inputs the network of this family reads."""
        return 2 * self.per_side

    @property
    def name(self) -> str:
        """The encoding's name in the weight file: a file made for another encoding is refused."""
        return f"{self.family.value}-unary{UNITS}-v1"


def _encoding(family: Family) -> Encoding:
    match family:
        case Family.LONG:
            # one checker holds a point and there is no bar; the head starts with 15, hence the longer tail
            return Encoding(family, tail=6.0, has_bar=False)
        case Family.SHORT:
            return Encoding(family, tail=2.0, has_bar=True)  # TD-Gammon's units
        case _:
            assert_never(family)


_ENCODINGS: dict[Family, Encoding] = {family: _encoding(family) for family in Family}


def encoding(family: Family) -> Encoding:
    """The input encoding of ``family``."""
    return _ENCODINGS[family]


def encode_sides(mine: Counts, theirs: Counts, family: Family) -> Sparse:
    """The sparse encoding of a position where ``mine`` (own numbering, 25 the bar) is to move against ``theirs``.

    >>> encode_sides((0,) * 24 + (1, 0), (0,) * 26, Family.SHORT)   # one checker on own 24, 14 off; all of theirs off
    [(92, 1.0), (97, 0.9333333333333333), (195, 1.0)]
    """
    spec = _ENCODINGS[family]
    tail, per_side = spec.tail, spec.per_side
    sparse: Sparse = []
    append = sparse.append
    for base, counts in ((0, mine), (per_side, theirs)):
        for point in range(1, POINTS + 1):
            n = counts[point]
            if n:
                at = base + (point - 1) * UNITS
                append((at, 1.0))
                if n > 1:
                    append((at + 1, 1.0))
                    if n > 2:
                        append((at + 2, 1.0))
                        if n > 3:
                            append((at + 3, (n - 3) / tail))
        on_board = sum(counts)
        at = base + POINTS * UNITS
        if spec.has_bar:
            if counts[BAR]:
                append((at, counts[BAR] / 2))
            at += 1
        if on_board < CHECKERS:
            append((at, (CHECKERS - on_board) / CHECKERS))
    return sparse


def encode(position: Position) -> Sparse:
    """The sparse encoding of ``position`` from its side to move's view."""
    mover = position.to_move
    return encode_sides(position.counts(mover), position.counts(mover.other), position.game.family)


def encode_dense(sparse: Sparse, inputs: int) -> list[float]:
    """The full input vector of a sparse encoding.

    >>> encode_dense([(1, 1.0), (3, 0.5)], 5)
    [0.0, 1.0, 0.0, 0.5, 0.0]
    """
    dense = [0.0] * inputs
    for index, value in sparse:
        dense[index] = value
    return dense


def _sigmoid(x: float) -> float:
    if x < -500.0:
        return 0.0
    return 1.0 / (1.0 + exp(-x))


def consistent(raw: Sequence[float]) -> NetOutput:
    """The outputs made consistent: a mars is a win, a koks is a mars (and the same for losing, of ``1 - win``)."""
    win, win_mars, win_koks, lose_mars, lose_koks = raw
    win_mars = min(win_mars, win)
    lose_mars = min(lose_mars, 1.0 - win)
    return (win, win_mars, min(win_koks, win_mars), lose_mars, min(lose_koks, lose_mars))


class Network:
    """One hidden layer of sigmoid units and five sigmoid outputs, over one family's encoding.

    ``columns[i]`` is input *i*'s weights to every hidden unit (what a sparse input adds), ``rows[k]`` output
    *k*'s weights from every hidden unit.
    """

    def __init__(
        self,
        family: Family,
        columns: list[list[float]],
        hidden_bias: list[float],
        rows: list[list[float]],
        output_bias: list[float],
        metadata: dict[str, Any] | None = None,
    ) -> None:
        inputs, hidden = encoding(family).inputs, len(hidden_bias)
        if len(columns) != inputs or any(len(c) != hidden for c in columns):
            raise ValueError(f"{family.value}: expected {inputs} input columns of {hidden} weights")
        if len(rows) != len(OUTPUTS) or any(len(r) != hidden for r in rows) or len(output_bias) != len(OUTPUTS):
            raise ValueError(f"{family.value}: expected {len(OUTPUTS)} output rows of {hidden} weights")
        self.family = family
        self.hidden = hidden
        self.columns = columns
        self.hidden_bias = hidden_bias
        self.rows = rows
        self.output_bias = output_bias
        self.metadata: dict[str, Any] = metadata or {}

    @classmethod
    def zero(cls, family: Family, hidden: int) -> Network:
        """A network whose weights are all 0 (it answers 0.5 everywhere): for tests and examples."""
        inputs = encoding(family).inputs
        return cls(family, [[0.0] * hidden for _ in range(inputs)], [0.0] * hidden,
                   [[0.0] * hidden for _ in OUTPUTS], [0.0] * len(OUTPUTS))

    def hidden_sums(self, sparse: Sparse) -> list[float]:
        """The hidden units' weighted input sums (before the sigmoid) for one encoding."""
        return self._shifted(self.hidden_bias, sparse)

    def _shifted(self, sums: list[float], changes: Sparse) -> list[float]:
        """``sums`` plus each ``(input, change)``'s column times the change, in one pass over the hidden units
        (the maps are chained lazily; a change of 1 or -1, most of them, multiplies nothing)."""
        columns = self.columns
        total: Iterable[float] = sums
        for index, change in changes:
            column = columns[index]
            if change == 1.0:
                total = map(add, total, column)
            elif change == -1.0:
                total = map(sub, total, column)
            else:
                total = map(add, total, [change * w for w in column])
        return list(total)

    def _outputs(self, sums: list[float]) -> NetOutput:
        hidden = [1.0 / (1.0 + exp(-x)) if x > -500.0 else 0.0 for x in sums]  # _sigmoid, inlined: the hot loop
        win, win_mars, win_koks, lose_mars, lose_koks = (
            _sigmoid(sum(map(mul, row, hidden)) + bias) for row, bias in zip(self.rows, self.output_bias, strict=True)
        )
        return (win, win_mars, win_koks, lose_mars, lose_koks)

    def forward(self, batch: Sequence[Sparse]) -> list[NetOutput]:
        """The raw outputs for each encoding of ``batch`` (see :func:`consistent`).

        The first encoding's hidden sums are computed in full; every other one's from the inputs in which it
        differs from the first (a decision's candidates differ in a few points).
        """
        if not batch:
            return []
        base = dict(batch[0])
        base_sums = self.hidden_sums(batch[0])
        results = [self._outputs(base_sums)]
        for sparse in batch[1:]:
            changes: Sparse = []
            seen = 0
            for index, value in sparse:
                old = base.get(index)
                if old is None:
                    changes.append((index, value))
                else:
                    seen += 1
                    if old != value:
                        changes.append((index, value - old))
            if seen < len(base):
                present = {index for index, _ in sparse}
                changes += [(index, -old) for index, old in base.items() if index not in present]
            results.append(self._outputs(self._shifted(base_sums, changes)))
        return results

    def evaluate(self, positions: Sequence[Position]) -> list[NetOutput]:
        """The consistent outputs for each position, from its side to move's view."""
        return [consistent(raw) for raw in self.forward([encode(p) for p in positions])]


# the weight file ------------------------------------------------------------------------------------------------
def _floats(text: str, count: int) -> list[float]:
    values = array("f")
    values.frombytes(base64.b64decode(text, validate=True))
    if sys.byteorder != "little":  # pragma: no cover - the file stores little-endian float32
        values.byteswap()
    if len(values) != count:
        raise ValueError(f"expected {count} weights, found {len(values)}")
    return values.tolist()


def pack_floats(values: Sequence[float]) -> str:
    """``values`` as the weight file stores an array: base64 of little-endian float32.

    >>> pack_floats([1.0, -0.5])
    'AACAPwAAAL8='
    """
    packed = array("f", values)
    if sys.byteorder != "little":  # pragma: no cover
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode("ascii")


def network_from_json(data: dict[str, Any]) -> Network:
    """Read a weight file's content (:func:`network_to_json` writes it); ``ValueError`` if it does not fit."""
    if data.get("format") != FORMAT or data.get("version") != FORMAT_VERSION:
        raise ValueError(f"not a {FORMAT} file of version {FORMAT_VERSION}")
    family = Family(data["family"])
    spec = encoding(family)
    if data.get("encoding") != spec.name or data.get("inputs") != spec.inputs or tuple(data.get("outputs", ())) != OUTPUTS:
        raise ValueError(f"the file's encoding does not fit {spec.name} with {spec.inputs} inputs")
    hidden = data["hidden"]
    if not isinstance(hidden, int) or hidden < 1:
        raise ValueError("hidden must be a positive whole number")
    arrays = data["arrays"]
    flat = _floats(arrays["hidden_weights"], spec.inputs * hidden)
    columns = [flat[i * hidden : (i + 1) * hidden] for i in range(spec.inputs)]
    flat = _floats(arrays["output_weights"], len(OUTPUTS) * hidden)
    rows = [flat[k * hidden : (k + 1) * hidden] for k in range(len(OUTPUTS))]
    return Network(family, columns, _floats(arrays["hidden_bias"], hidden), rows,
                   _floats(arrays["output_bias"], len(OUTPUTS)), dict(data.get("training", {})))


def network_to_json(network: Network) -> dict[str, Any]:
    """A weight file's content: format, version, family, encoding, sizes, the arrays and how they were trained.

    >>> data = network_to_json(Network.zero(Family.LONG, hidden=2))
    >>> data["inputs"], data["hidden"], network_from_json(data).forward([[(0, 1.0)]])
    (194, 2, [(0.5, 0.5, 0.5, 0.5, 0.5)])
    """
    spec = encoding(network.family)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "family": network.family.value,
        "encoding": spec.name,
        "inputs": spec.inputs,
        "hidden": network.hidden,
        "outputs": list(OUTPUTS),
        "dtype": "float32-le-base64",
        "arrays": {
            "hidden_weights": pack_floats([w for column in network.columns for w in column]),
            "hidden_bias": pack_floats(network.hidden_bias),
            "output_weights": pack_floats([w for row in network.rows for w in row]),
            "output_bias": pack_floats(network.output_bias),
        },
        "training": network.metadata,
    }


def weight_file_name(family: Family) -> str:
    """The package's weight file of ``family``, under ``nardy_core/weights/``.

    >>> weight_file_name(Family.LONG)
    'long-v1.json'
    """
    return f"{family.value}-v{FORMAT_VERSION}.json"


@cache
def _weight_path(family: Family) -> str:
    # beside this module, as the wheel unpacks it (the site's trimmed standard library has no importlib.resources)
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "weights", weight_file_name(family))


def weight_file_path(family: Family) -> str:
    """Where ``family``'s weight file lies on this machine (the builder keys its proofs by its content).

    >>> weight_file_path(Family.LONG).endswith(os.path.join("nardy_core", "weights", "long-v1.json"))
    True
    """
    return _weight_path(family)


def ships_network(family: Family) -> bool:
    """Does the package hold a network of ``family``?

    >>> ships_network(Family.LONG)
    True
    """
    return os.path.exists(_weight_path(family))


def weight_package_path(family: Family) -> str:
    """Where ``family``'s weight file lies inside site-packages: also where the site serves it, under ``py/``.

    >>> weight_package_path(Family.SHORT)
    'nardy_core/weights/short-v1.json'
    """
    return f"{__package__}/weights/{weight_file_name(family)}"


def lazy_stand_in() -> bytes:
    """What the site's wheel holds in place of a weight file (``builder.vendor``): the network ships, but is
    fetched only when a page first asks the engine, never on a lesson's first-tap path.

    >>> json.loads(lazy_stand_in())["format"] == LAZY_FORMAT
    True
    """
    return json.dumps({"format": LAZY_FORMAT, "version": FORMAT_VERSION}).encode()


def load_network(family: Family) -> Network:
    """The shipped network of ``family``, read from the package on first use (``FileNotFoundError`` if none ships;
    :class:`~nardy_core.errors.DataNotLoaded` while the site's wheel holds only its stand-in)."""
    with open(_weight_path(family), encoding="utf-8") as handle:
        text = handle.read()
    try:
        data = json.loads(text)
    except ValueError:  # what a host put in its place (a captive portal's page): fetched again
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:  # the stand-in, or a host's page in its place
        path = weight_package_path(family)
        raise DataNotLoaded(f"{path} is fetched when the engine is first asked", params={"path": path})
    return network_from_json(data)


def scored_koks(rules: Rules) -> bool:
    """Do ``rules`` score a koks the network's koks outputs predict? The long network's koks is ``koks_quarter``'s
    (a loser's checker still in its start quarter); short nardy's is the backgammon.

    >>> scored_koks(LongRules()), scored_koks(LongRules(koks="koks_quarter")), scored_koks(ShortRules())
    (False, True, True)
    """
    match rules:
        case LongRules():
            return rules.koks == "koks_quarter"
        case ShortRules():
            return rules.koks != "off"
        case _:
            assert_never(rules)


class NetEvaluator:
    """The evaluator seam's neural implementation: each family's shipped network (or the ones given)."""

    def __init__(self, networks: dict[Family, Network] | None = None) -> None:
        self._networks = dict(networks or {})
        self._bearing_off_seen = False

    def network(self, game: Game) -> Network:
        """The network of ``game``'s family (the shipped one, loaded on first use, unless one was given)."""
        family = game.family
        known = self._networks.get(family)
        if known is None:
            known = self._networks[family] = load_network(family)
        return known

    def bearing_off_seen(self) -> bool:
        """Has it judged a position where a side had every checker home (a game's last stretch: a race of two
        all-home sides, judged by the bear-off table, is near)?"""
        return self._bearing_off_seen

    def evaluate(self, positions: Sequence[Position], rules: Rules) -> list[Probabilities]:
        """Each position's probabilities from its side to move's view; the koks ones are 0 where ``rules``
        score no koks of the kind the network predicts."""
        if not positions:
            return []
        outputs = self.network(rules.game).evaluate(positions)
        if not self._bearing_off_seen:
            self._bearing_off_seen = any(p.all_home(side) for p in positions for side in Side)
        if scored_koks(rules):
            return [Probabilities(*values) for values in outputs]
        return [Probabilities(win, win_mars, 0.0, lose_mars, 0.0) for win, win_mars, _, lose_mars, _ in outputs]


NET_EVALUATOR = NetEvaluator()  #: every family's shipped network, each read when a position of it is first judged


def register_shipped_networks() -> None:
    """Each family whose network ships judges with it, and its races by the exact tables (``Layered``); the
    others keep :data:`~nardy_core.evaluator.DEFAULT`. Run as nardy_core is imported: a file's presence is all
    it reads, so no lesson's first tap waits on the weights.

    >>> from nardy_core.evaluator import evaluator_for
    >>> evaluator_for(Game.LONG).fallback is NET_EVALUATOR
    True
    """
    for family in Family:
        if ships_network(family):
            register(family, Layered(RACE, NET_EVALUATOR))


register_shipped_networks()

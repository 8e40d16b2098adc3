"""The network in numpy, for training: the same encoding and forward pass as :mod:`nardy_core.net`, batched.

:func:`encode_batch` is the vectorised twin of :func:`nardy_core.net.encode_sides` (``tests/training`` proves
them equal); :class:`NumpyNet` converts to and from :class:`nardy_core.net.Network`, whose weight file is what
the trainer exports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from nardy_core.games import BAR, CHECKERS, POINTS, Family
from nardy_core.net import OUTPUTS, UNITS, Network, encoding

Array = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def encode_batch(mine: IntArray, theirs: IntArray, family: Family) -> Array:
    """Dense inputs of N positions: ``mine`` and ``theirs`` are (N, 26) counts in own numbering, the mover's first."""
    spec = encoding(family)
    blocks: list[Array] = []
    for counts in (mine, theirs):
        points = counts[:, 1 : POINTS + 1]
        units = np.stack(
            (points >= 1, points >= 2, points >= 3, np.maximum(points - 3, 0) / spec.tail), axis=2
        ).astype(np.float64)
        blocks.append(units.reshape(len(counts), POINTS * UNITS))
        if spec.has_bar:
            blocks.append(counts[:, BAR : BAR + 1] / 2.0)
        blocks.append((CHECKERS - counts.sum(axis=1, keepdims=True)) / CHECKERS)
    return np.concatenate(blocks, axis=1)


def sigmoid(x: Array) -> Array:
    """The logistic function, clipped where exp would overflow."""
    result: Array = 1.0 / (1.0 + np.exp(-np.clip(x, -500.0, 500.0)))
    return result


@dataclass
class NumpyNet:
    """Inputs -> ``hidden`` sigmoid units -> five sigmoid outputs (:data:`nardy_core.net.OUTPUTS`)."""

    family: Family
    w1: Array  #: (inputs, hidden)
    b1: Array  #: (hidden,)
    w2: Array  #: (hidden, outputs)
    b2: Array  #: (outputs,)

    @classmethod
    def initial(cls, family: Family, hidden: int, rng: np.random.Generator) -> NumpyNet:
        """Small random weights (the outputs start near 0.5)."""
        inputs = encoding(family).inputs
        return cls(
            family,
            rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            np.zeros(hidden),
            rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, len(OUTPUTS))),
            np.zeros(len(OUTPUTS)),
        )

    @property
    def hidden(self) -> int:
        """How many hidden units."""
        return int(self.b1.shape[0])

    def forward(self, inputs: Array) -> tuple[Array, Array]:
        """The hidden activations and the raw outputs of a batch of dense inputs."""
        hidden = sigmoid(inputs @ self.w1 + self.b1)
        return hidden, sigmoid(hidden @ self.w2 + self.b2)

    def train(self, inputs: Array, targets: Array, rate: float) -> float:
        """One gradient step on the cross-entropy of the outputs against ``targets`` (summed over the batch);
        the mean squared error before the step."""
        hidden, outputs = self.forward(inputs)
        error = outputs - targets  # the cross-entropy's gradient at the sigmoid's input
        hidden_error = (error @ self.w2.T) * hidden * (1.0 - hidden)
        self.w2 -= rate * (hidden.T @ error)
        self.b2 -= rate * error.sum(axis=0)
        self.w1 -= rate * (inputs.T @ hidden_error)
        self.b1 -= rate * hidden_error.sum(axis=0)
        return float(np.mean(error**2))

    def to_network(self, metadata: dict[str, Any]) -> Network:
        """The pure-Python network with these weights (rounded to float32, as its file stores them)."""
        as32 = {name: getattr(self, name).astype(np.float32).astype(np.float64) for name in ("w1", "b1", "w2", "b2")}
        return Network(
            self.family, as32["w1"].tolist(), as32["b1"].tolist(), as32["w2"].T.tolist(), as32["b2"].tolist(), metadata
        )

    @classmethod
    def from_network(cls, network: Network) -> NumpyNet:
        """The numpy twin of a pure-Python network."""
        return cls(
            network.family,
            np.array(network.columns, dtype=np.float64),
            np.array(network.hidden_bias, dtype=np.float64),
            np.array(network.rows, dtype=np.float64).T.copy(),
            np.array(network.output_bias, dtype=np.float64),
        )

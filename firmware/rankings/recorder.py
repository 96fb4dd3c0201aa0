"""Records a game while it is played: how its session was built, every frame's inputs, the
frames a second player joined, and state-hash checkpoints. Appending one integer a frame
is all it costs the frame loop (bench --record measures it)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from engine import InputFrame
from engine.replay import CHECKPOINT_EVERY, InputsCoder, Replay
from engine.session import GameSession, kept_bits


def replay_id(text: str) -> str:
    """A replay's name: the first 16 hex digits of its text's BLAKE2b digest."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


class GameRecorder:
    def __init__(self, game_id: str, rules_id: str, settings: Mapping[str, Any],
                 seeds: Mapping[str, int], players: int, stages: str | None = None) -> None:
        self.game_id = game_id
        # The game so far (its rules version is the session's, taken when it is finished);
        # ``stages``: the operator's stage file in play, as text (None: built-in stages).
        self.replay = Replay(rules_id, dict(settings), dict(seeds), players, [],
                             rules_version=1, stages=stages)
        # The last frame recorded and its bits: the panel hands the same frame object on
        # while nothing changes, so a held or idle panel is packed once.
        self._last: tuple[InputFrame, int] = (InputFrame(), 0)
        # The game as ranked at its last length: (frames, inputs, final hash). A game that
        # ends ranks each player in several tables at once (TGM3: up to seven rows): they
        # share one copy of the inputs and one final hash.
        self._ranked_at: tuple[int, list[int], str] | None = None
        self._coder = InputsCoder()  # the inputs' text so far, for the rows' replays

    def join(self, player: int) -> None:
        """Player ``player`` begins before the next frame's step."""
        self.replay.joins.append((len(self.replay.inputs) + 1, player))

    def sign_in(self, player: int, verdict: str) -> None:
        """The board answers ``player``'s sign-in before the next frame's step."""
        self.replay.sign_ins.append((len(self.replay.inputs) + 1, player, verdict))

    def frame(self, inputs: InputFrame, session: GameSession) -> None:
        """After the session stepped with ``inputs``."""
        frames = self.replay.inputs
        last, bits = self._last
        if inputs is not last:
            bits = inputs.to_bits()
            self._last = (inputs, bits)
        secret = getattr(session, "secret_sides", 0)  # a PIN's digit (SignsIn)
        kept = kept_bits(bits, secret) if secret else bits
        frames.append(kept)
        self._coder.add(kept)
        if len(frames) % CHECKPOINT_EVERY == 0:
            self.replay.checkpoints[len(frames)] = session.state_hash()

    def ranked(self, session: GameSession, player: int) -> Replay:
        """The replay of the game as ranked for ``player`` (sealed once the row is known)."""
        r = self.replay
        if self._ranked_at is None or self._ranked_at[0] != len(r.inputs):
            self._ranked_at = (len(r.inputs), list(r.inputs), session.state_hash())
        _, inputs, final_hash = self._ranked_at
        return Replay(r.rules, r.settings, r.seeds, r.players, inputs,
                      final_hash=final_hash, checkpoints=dict(r.checkpoints),
                      joins=list(r.joins), sign_ins=list(r.sign_ins),
                      meta={"cartridge": self.game_id, "player": player},
                      rules_version=session.rules_version, stages=r.stages)

    def inputs_text(self) -> str:
        """``Replay.inputs_text()`` of the game so far (of ``ranked``'s replays now)."""
        return self._coder.text()

    def finish(self, session: GameSession, player: int, initials: str,
               mode: str) -> tuple[str, str]:
        """The replay of ``player``'s ranked row: (replay id, replay text)."""
        return seal(self.ranked(session, player), initials, mode)


def seal(replay: Replay, initials: str, mode: str, inputs_text: str | None = None,
         cabinet: str | None = None) -> tuple[str, str]:
    """(replay id, text) of a ranked replay that names its row: the initials and the table
    (mode) go into its meta, so the id, the digest of the text, covers the whole row (its
    figures come from re-simulating it, its rules version is in the header); so does the
    cabinet's name in the fleet when it is enrolled (``cabinet``), which the fleet service
    checks against the replay's sender.
    ``inputs_text``: ``replay.inputs_text()``, when the caller has it already."""
    where = {"cabinet": cabinet} if cabinet else {}
    sealed = Replay(replay.rules, replay.settings, replay.seeds, replay.players,
                    replay.inputs, final_hash=replay.final_hash,
                    checkpoints=replay.checkpoints, joins=replay.joins,
                    sign_ins=replay.sign_ins,
                    meta={**replay.meta, "initials": initials, "mode": mode, **where},
                    rules_version=replay.rules_version, stages=replay.stages)
    text = sealed.to_text(inputs_text)
    return replay_id(text), text

"""`JvsSource` (an InputSource) and `JvsOutputs` (an OutputSink) over a `JvsMaster`."""

from __future__ import annotations

from cabinet.jvs.master import DEFAULT_BOARDS, JvsMaster, SenseInput, Timing
from cabinet.jvs.sense import CarrierDetectSense
from cabinet.source import SourceReading


class JvsSource:
    """Reads the freshest completed poll; never waits on the bus (the master's thread does)."""

    name = "jvs"

    def __init__(self, master: JvsMaster) -> None:
        self.master = master

    def read(self) -> SourceReading:
        held, pressed, coins = self.master.take()
        return SourceReading(held=held, pressed=pressed, coins=coins)

    def status(self) -> str:
        return self.master.status()

    @property
    def alarm(self) -> str | None:
        """``JVS ERROR`` while the configured board is down (for the attract screen)."""
        return self.master.health.alarm

    @property
    def notice(self) -> str | None:
        """Line errors seen so far (implausible coin counts, bad reply status), if any."""
        return self.master.health.notice

    def close(self) -> None:
        self.master.stop()


class JvsOutputs:
    """Queues output changes; the poll thread sends them with 0x32 (JVS-TR §4.3.21)."""

    name = "jvs"

    def __init__(self, master: JvsMaster) -> None:
        self.master = master

    def set(self, output: str, on: bool) -> None:
        self.master.outputs.set(output, on)

    def close(self) -> None:
        """The master belongs to the JvsSource; closing the sink leaves the bus running."""


def open_jvs(
    path: str,
    *,
    sense: SenseInput | None = None,
    sense_on_cd: bool = False,
    boards: int = DEFAULT_BOARDS,
    timing: Timing | None = None,
) -> tuple[JvsSource, JvsOutputs]:
    """Start a master on `path` in the background and return its source and sink.
    ``sense_on_cd``: the adapter wires SENSE to its CD pin (cabinet.toml sense_line);
    ``boards``: how many boards to address when there is no sense line."""
    master = JvsMaster(path, sense=sense, boards=boards, timing=timing)
    if sense_on_cd and sense is None:
        master.sense = CarrierDetectSense(master)
    master.start()
    return JvsSource(master), JvsOutputs(master)

"""Power-loss-safe save data: soft DIPs, RNG seeds, rankings, bookkeeping, credits.

Two bank files (bank-a.bin, bank-b.bin) in the save directory each hold one record: magic,
schema version, 64-bit sequence number, payload length, JSON payload, CRC32. A commit writes
the bank that does not hold the newest valid record, fsyncs it, then fsyncs the directory; load
takes the valid bank with the higher sequence number. Older schema versions are migrated.

Use from the kiosk::

    from firmware.savedata import SaveData, SaveWriter, insert_ranking, load, save_dir

    directory = save_dir(args.save_dir)        # --save-dir, $STATE_DIRECTORY, ~/.local/share
    result = load(directory)                   # never raises for bad banks
    data = result.data                         # SaveData: a tree of dataclasses
    if result.cleared:                         # both banks bad or missing: factory defaults
        show("BACKUP DATA CLEARED")            # (result.notice has the one-line reason)
    writer = SaveWriter(directory)             # starts the background writer thread

    # a coin on chute 1: count it, then show the credit only once the commit is durable
    data.bookkeeping.coins[0] += 1
    data.credits += 1
    ticket = writer.submit(data, coin_chute=1)  # returns at once; logs `coin chute=1 total=N`
    ...                                         # after fsync
    if writer.poll_durable() >= ticket:        # each frame, never blocks
        shown_credits = data.credits

    writer.submit(data)                        # any other change (ranking, DIPs, seeds, ...)
    writer.last_error                          # None, or e.g. "ENOSPC No space left on device"
    writer.close()                             # at shutdown: flush and stop

SaveWriter owns the bank files; run one per directory (the kiosk holds an exclusive flock on
bloxcab.lock there: lock.SaveLock). submit() snapshots the data, so the caller may go on
mutating it. Commits that pile up are coalesced to the newest snapshot (it holds every earlier
coin); each coin's log line still appears, in order, once durable. A bank that cannot be
written (a directory in its place, EIO, a symbolic link: banks are opened with O_NOFOLLOW) is
left alone and the commit goes to the other bank through a renamed new file (writer.bank_errors
says which). When neither bank can be written (ENOSPC, EROFS, EFBIG, ...) the commit is retried
with backoff, logged once per failure streak, and shown in writer.last_error (the kiosk then
shows SAVE ERROR on the attract screens); the last good bank stays intact meanwhile. A start
probe sets last_error at once when the directory cannot be written. Counts saturate at 2^63-1
and sequence numbers wrap (compared as serial numbers), so a save that loads can always be
written; data that load() would refuse (e.g. a negative count) is never written and never
retried; it shows up in last_error instead.

load() never raises: payloads are parsed with limits (depth, digits), every field is checked
(bounds.check_fields, credits.check_state), a bad bank falls back to the other, both bad to
factory data with the notice.

Frame-time note: submit() costs ~0.01 ms, but the writer thread shares the GIL. CPython lets a
thread keep the GIL for up to sys.getswitchinterval() (5 ms default) when another wants it, so a
rare submit() can wait that long; the kiosk lowers it to writer.GIL_SWITCH_SECONDS (0.5 ms).

Pure helpers: insert_ranking(data, game, mode, entry) -> rank (1..10) or None,
clear_bookkeeping(data, when). LoadResult also carries .sequence and .bank.
"""

from firmware.savedata.loader import CLEARED_NOTICE, LoadResult, load
from firmware.savedata.location import save_dir
from firmware.savedata.schema import (
    CURRENT_VERSION,
    Bookkeeping,
    DipBanks,
    GameCounts,
    RankEntry,
    SaveData,
    better_records,
    clear_bookkeeping,
    clear_rankings,
    factory,
    insert_ranking,
    ranks,
)
from firmware.savedata.writer import SaveWriter

__all__ = [
    "CLEARED_NOTICE",
    "CURRENT_VERSION",
    "Bookkeeping",
    "DipBanks",
    "GameCounts",
    "LoadResult",
    "RankEntry",
    "SaveData",
    "SaveWriter",
    "better_records",
    "clear_bookkeeping",
    "clear_rankings",
    "factory",
    "insert_ranking",
    "load",
    "ranks",
    "save_dir",
]

"""JVS (JAMMA Video Standard) I/O: codec, commands, a master and an I/O board simulator.

Protocol facts come from /work/shared/reference/cabinet.md section 1 (cited as "ref §1.x").
"""

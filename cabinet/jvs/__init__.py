"""JVS (JAMMA Video Standard) I/O: codec, commands, a master and an I/O board simulator.

Protocol facts come from the JAMMA Video Standard, 3rd edition, English translation by Alex
"trap15" Marshall (cited as JVS-TR), OpenJVS, MAME's jvs13551 and NaokiS28/jvs.
"""

"""The optional compiled search core: engine/core/*.c built twice, as engine._core (64-bit boards) and as
engine._core_wide (DAMA_WIDE: 128-bit boards, for Canadian's 12x12).

optional=True: without a compiler or Python headers the install still succeeds and the engine runs on
its pure-Python core (engine/native.py logs which core runs).
"""

import os
import platform

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# Every x86-64 CPU since 2008 has POPCNT; without the flag gcc calls a library routine for each count.
FLAGS = ["-O3", "-std=gnu11"] + (["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else [])

SOURCES = [
    "engine/core/movegen.c",
    "engine/core/frisian.c",
    "engine/core/evaluate.c",
    "engine/core/search.c",
    "engine/core/endgame.c",
    "engine/core/tables.c",
    "engine/core/module.c",
]
DEPENDS = ["engine/core/core.h", "engine/core/search.h", "engine/core/endgame.h", "engine/core/tables.h"]


class BuildExt(build_ext):
    """One object directory per extension: both compile the same sources with different macros."""

    def build_extension(self, ext: Extension) -> None:
        shared = self.build_temp
        self.build_temp = os.path.join(shared, ext.name)
        try:
            super().build_extension(ext)
        finally:
            self.build_temp = shared


def core(name: str, macros: list[tuple[str, str | None]]) -> Extension:
    return Extension(
        name,
        sources=SOURCES,
        depends=DEPENDS,
        define_macros=macros,
        extra_compile_args=FLAGS,
        optional=True,
    )


setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=[core("engine._core", []), core("engine._core_wide", [("DAMA_WIDE", None)])],
)

"""The optional compiled search core (engine/core/*.c -> engine._core).

optional=True: without a compiler or Python headers the install still succeeds and the engine runs on
its pure-Python core (engine/native.py logs which core runs).
"""

import platform

from setuptools import Extension, setup

# Every x86-64 CPU since 2008 has POPCNT; without the flag gcc calls a library routine for each count.
FLAGS = ["-O3", "-std=gnu11"] + (["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else [])

setup(
    ext_modules=[
        Extension(
            "engine._core",
            sources=[
                "engine/core/movegen.c",
                "engine/core/frisian.c",
                "engine/core/evaluate.c",
                "engine/core/search.c",
                "engine/core/endgame.c",
                "engine/core/module.c",
            ],
            depends=["engine/core/core.h", "engine/core/search.h", "engine/core/endgame.h"],
            extra_compile_args=FLAGS,
            optional=True,
        )
    ]
)

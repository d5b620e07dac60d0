"""The optional compiled search core (engine/core/*.c -> engine._core).

optional=True: without a compiler or Python headers the install still succeeds and the engine runs on
its pure-Python core (engine/native.py logs which core runs).
"""

from setuptools import Extension, setup

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
            extra_compile_args=["-O3", "-std=gnu11"],
            optional=True,
        )
    ]
)

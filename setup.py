"""The build: pure Python by default (the reference); with SESTERTIUS_COMPILE=1 the engine and its data are compiled
to C extensions by mypyc from the same source (docs/SPEED.md, "The compiled build"). ``tools/build_compiled.py``
is the one command that makes and checks that build.

The compiled build needs mypy (which ships mypyc) in the building environment and a C compiler. Without a compiler
the build says so and falls back to the pure package (set SESTERTIUS_COMPILE=require to fail instead).
"""
from __future__ import annotations

import os
import shutil
import sysconfig
import warnings
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
# what is compiled: the rules engine and the data it reads every decision (cards, boards), and the search bot's
# planner and estimate of a position (a bot decision is mostly those and the engine); not its words (advice, review);
# and the observation's update (the research environments' step, reading the engine's native state)
COMPILED = ["sestertius/rules", "sestertius/data", "sestertius/bots/greedy.py",
            *(f"sestertius/bots/search/{m}.py" for m in ("bot", "evaluate", "model", "plan", "sites", "weights")),
            *(f"sestertius/research/observations/{m}.py" for m in ("fast", "relative", "seat_parts"))]


def _compiler() -> str | None:
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


class _FallibleBuildExt(build_ext):
    """Build the extensions, or (SESTERTIUS_COMPILE=1, not =require) fall back to pure Python when compiling
    fails: the .py files are installed either way and are used wherever no extension was built."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # a compiler error of any kind: distutils' CompileError, a missing header
            if os.environ.get("SESTERTIUS_COMPILE") == "require":
                raise
            warnings.warn(f"sestertius: compiling failed ({e}); the pure-Python package is installed", stacklevel=1)
            for ext in self.extensions:  # none of a half-made build: a module's stub without its library fails
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []


def _ext_modules() -> list:  # type: ignore[type-arg]
    wanted = os.environ.get("SESTERTIUS_COMPILE", "")
    if wanted not in ("1", "require"):
        return []
    if _compiler() is None:
        if wanted == "require":
            raise SystemExit("sestertius: SESTERTIUS_COMPILE=require but no C compiler was found (set CC)")
        warnings.warn("sestertius: no C compiler found; the pure-Python package is installed", stacklevel=1)
        return []
    from mypyc.build import mypycify  # only the compiled build needs mypy (pip install mypy)

    paths = [str(p.relative_to(HERE)) for c in COMPILED for p in sorted(HERE.glob(c if c.endswith(".py")
                                                                                  else c + "/**/*.py"))]
    # SESTERTIUS_COMPILE_OPT=0 compiles in a third of the time, for trying a change (the C compiler's -O level)
    return mypycify(paths, opt_level=os.environ.get("SESTERTIUS_COMPILE_OPT", "3"))  # type: ignore[no-any-return]


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": _FallibleBuildExt})

"""Build the compiled engine: ``sestertius.rules`` and ``sestertius.data`` (and the search bot's estimate) compiled
to C extensions by mypyc from the same source, as a wheel, and unpacked into a folder that goes first on
PYTHONPATH. The pure-Python package stays the default and the reference.

    .venv/bin/python tools/build_compiled.py              # wheel in build/wheels, package in build/compiled
    PYTHONPATH=build/compiled .venv/bin/concordia simulate ...   # then anything runs on the compiled engine
    PYTHONPATH=build/compiled .venv/bin/pytest tests/rules       # the tests too (SESTERTIUS_BUILD=compiled checks it)

Or install the compiled build into an environment directly: ``SESTERTIUS_COMPILE=1 pip install
--no-build-isolation .`` (with mypy and setuptools installed there). It needs a C compiler; where there is none,
this script says so and exits with status 2 (the pure package is untouched), and ``pip install`` with
SESTERTIUS_COMPILE=1 falls back to the pure package.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMP = "COMPILED_FROM"  # a file in the target: the digest of the sources the build was made from


def source_digest(root: Path = ROOT) -> str:
    """A digest of every Python file of the package and setup.py: a build made from other sources is stale."""
    h = hashlib.sha256()
    for p in sorted([*(root / "sestertius").rglob("*.py"), root / "setup.py"]):
        h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def is_current(target: Path, root: Path = ROOT) -> bool:
    stamp = target / STAMP
    return stamp.exists() and stamp.read_text().strip() == source_digest(root)


def _has_build_tools() -> bool:
    from importlib.metadata import PackageNotFoundError, version

    try:
        major, minor = (int(x) for x in version("setuptools").split(".")[:2])
        version("mypy")
    except (PackageNotFoundError, ValueError):
        return False
    return (major, minor) >= (70, 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", type=Path, default=ROOT / "build" / "compiled", help="where the package goes")
    ap.add_argument("--opt", default="3", help="the C compiler's optimisation level (0 builds faster, for trials)")
    ap.add_argument("--if-stale", action="store_true", help="do nothing when the target was built from these sources")
    args = ap.parse_args()
    target: Path = args.target.resolve()
    if args.if_stale and is_current(target):
        print(f"compiled build in {target} is current")
        return 0
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        print(f"no C compiler ({cc}) found: the compiled build needs one (e.g. apt-get install gcc); "
              "the pure-Python package is unchanged", file=sys.stderr)
        return 2
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    if not _has_build_tools():  # mypyc comes with mypy; setuptools 70.1 builds wheels without the wheel package
        subprocess.run([*pip, "install", "-q", "mypy>=1.10", "setuptools>=70.1"], check=True)
    digest = source_digest()  # before building: sources changed meanwhile leave the build stale, as it is
    wheels = ROOT / "build" / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    # setuptools' staging folders keep the files of earlier builds (a module since removed would ship in the wheel);
    # mypyc's generated C beside them is kept, it is rewritten only where it changed
    for staged in [*(ROOT / "build").glob("lib.*"), *(ROOT / "build").glob("bdist.*")]:
        shutil.rmtree(staged)
    start = time.perf_counter()
    env = {**os.environ, "SESTERTIUS_COMPILE": "require", "SESTERTIUS_COMPILE_OPT": args.opt}
    subprocess.run([*pip, "wheel", "-q", "--no-build-isolation", "--no-deps", "-w", str(wheels), str(ROOT)],
                   check=True, env=env)
    wheel = next(wheels.glob("sestertius-*.whl"))
    shutil.rmtree(target, ignore_errors=True)
    subprocess.run([*pip, "install", "-q", "--no-deps", "--target", str(target), str(wheel)], check=True)
    (target / STAMP).write_text(digest + "\n")
    print(f"compiled build in {target} ({time.perf_counter() - start:.0f} s); use it with PYTHONPATH={target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

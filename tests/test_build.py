"""The compiled build is optional: without a C compiler the build tool and setup.py say so and the pure package
stays (setup.py falls back; SESTERTIUS_COMPILE=require refuses); by default nothing is compiled."""
from __future__ import annotations

import os
import subprocess
import sys

import sestertius
from support import ROOT

NO_CC = {**os.environ, "CC": "/nonexistent/cc"}


def run(args: list[str], env: dict[str, str], cwd=ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


def test_the_build_tool_without_a_c_compiler_says_so_and_builds_nothing(tmp_path):
    target = tmp_path / "compiled"
    done = run([str(ROOT / "tools" / "build_compiled.py"), "--target", str(target)], NO_CC)
    assert done.returncode == 2, done.stderr
    assert "no C compiler (/nonexistent/cc) found" in done.stderr and "pure-Python package is unchanged" in done.stderr
    assert not target.exists()


def test_setup_without_a_compiler_falls_back_to_pure_python_unless_required():
    fallback = run(["setup.py", "--version"], {**NO_CC, "SESTERTIUS_COMPILE": "1"})
    assert fallback.returncode == 0 and fallback.stdout.strip().endswith("0.1.0"), fallback.stderr
    assert "no C compiler found; the pure-Python package is installed" in fallback.stderr
    required = run(["setup.py", "--version"], {**NO_CC, "SESTERTIUS_COMPILE": "require"})
    assert required.returncode != 0 and "SESTERTIUS_COMPILE=require but no C compiler was found" in required.stderr


def test_by_default_nothing_is_compiled():
    plain = run(["setup.py", "--version"], {k: v for k, v in NO_CC.items() if k != "SESTERTIUS_COMPILE"})
    assert plain.returncode == 0 and "C compiler" not in plain.stderr


def test_the_engine_says_which_build_it_is():
    wanted = os.environ.get("SESTERTIUS_BUILD", "pure")  # run-tests sets it for its run on the compiled build
    assert sestertius.engine_build() == wanted
    import sestertius.rules.game as game

    assert game.__file__.endswith((".so", ".pyd")) == (wanted == "compiled")

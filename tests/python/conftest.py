"""The Python package's tests: each answer compared with the command's.

    URLBNF=target/debug/urlbnf python -m pytest tests/python

The command is $URLBNF, else target/debug/urlbnf (or target/release/urlbnf)
beside these tests; `.ci/run` builds it, installs the package in a fresh
virtual environment and runs them.
"""

import json
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def command_path():
    given = os.environ.get("URLBNF")
    if given:
        return os.path.abspath(given)
    for build in ("debug", "release"):
        path = os.path.join(ROOT, "target", build, "urlbnf")
        if os.access(path, os.X_OK):
            return path
    pytest.fail("no urlbnf command: set URLBNF or build it (cargo build)")


@pytest.fixture(scope="session")
def urlbnf_command():
    """Run the command; its standard output (the exit status is not judged)."""
    path = command_path()

    def run(*args, input=None):
        r = subprocess.run([path, *args], input=input, capture_output=True, text=True)
        assert r.returncode in (0, 1), f"{args}: {r.returncode}\n{r.stderr}"
        return r.stdout

    return run


@pytest.fixture(scope="session")
def json_lines(urlbnf_command):
    def run(*args, input=None):
        return [json.loads(l) for l in urlbnf_command(*args, input=input).splitlines() if l]

    return run

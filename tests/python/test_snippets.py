"""Every Python snippet of the README and of docs/guide runs against the built module, from the
repository's root, as a script of its own; one followed by a `<!-- python prints -->` block
must print that block, byte for byte."""

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def snippets():
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs" / "guide").glob("*.md"))]:
        lines = page.read_text().splitlines()
        i = 0
        while i < len(lines):
            if lines[i] == "```python":
                start = i + 1
                i = lines.index("```", start)
                code = "\n".join(lines[start:i]) + "\n"
                expected = None
                if i + 2 < len(lines) and lines[i + 1] == "<!-- python prints -->" and lines[i + 2] == "```":
                    end = lines.index("```", i + 3)
                    expected = "\n".join(lines[i + 3:end]) + "\n"
                    i = end
                found.append(pytest.param(code, expected, id=f"{page.relative_to(ROOT)}:{start}"))
            i += 1
    return found


def test_the_readme_and_the_python_guide_have_snippets():
    ids = [p.id for p in snippets()]
    assert any(i.startswith("README.md:") for i in ids) and sum(i.startswith("docs/guide/python.md") for i in ids) >= 4


@pytest.mark.parametrize("code, expected", snippets())
def test_a_snippet_runs_and_prints_what_its_page_says(code, expected):
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=os.environ,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    if expected is not None:
        assert done.stdout == expected

"""A package from PyPI for the end-to-end scripts, installed into a virtualenv of its own."""
import os
import subprocess
import sys
import venv


def load(package, folder):
    """Installs `package` into a virtualenv under `folder` and imports it; exits with a message when PyPI fails."""
    env = os.path.join(folder, "venv")
    venv.create(env, with_pip=True)
    python = os.path.join(env, "bin", "python")
    if subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", package]).returncode:
        print(f"FAILED: cannot install {package} from PyPI (no network?)")
        sys.exit(1)
    site = subprocess.run([python, "-c", f"import {package}, os; print(os.path.dirname(os.path.dirname({package}.__file__)))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    sys.path.insert(0, site)
    return __import__(package)

"""The packages to install, found rather than listed (the rest of the metadata is pyproject.toml).

pyproject.toml cannot both find packages and map one from another folder, and the grammar's
package `referee.grammars` comes from the top-level ``grammars/``; finding the rest means a new
game's package (``referee/games/<game>/``) is installed without touching any file but its own.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["referee", "referee.*"]), "referee.grammars"],
    package_dir={"referee.grammars": "grammars"},
)

"""``python -m gpupicker`` and the ``gpupicker`` console script."""

from __future__ import annotations

import os
import sys


def main() -> int:
    """Run the command line / GUI and return the exit status."""
    # The first pydantic model built looks for pydantic plugins in every installed
    # distribution's entry points (pydantic.plugin._loader: ~10 ms of each CLI process and
    # window start with this project's 75 distributions, more in a crowded environment).
    # gpupicker uses none, so that search is skipped; a value the user set is kept.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from gpupicker.cli import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())

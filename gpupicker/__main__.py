"""``python -m gpupicker`` and the ``gpupicker`` console script."""

from __future__ import annotations

import sys


def main() -> int:
    """Run the command line / GUI and return the exit status."""
    from gpupicker.cli import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())

"""``python -m gpupicker`` and the ``gpupicker`` console script."""

from __future__ import annotations

import os
import sys
import types
from collections.abc import Iterable

_PLUGIN_LOADER = "pydantic.plugin._loader"
_PLUGINS_OFF = ("__all__", "1", "true")
"""The ``PYDANTIC_DISABLE_PLUGINS`` values for which pydantic's ``get_plugins`` returns no
plugins without looking (pydantic/pydantic, ``pydantic/plugin/_loader.py``, v2.14.4, the
version requirements.lock pins)."""


def _plugin_loader_without_metadata() -> None:
    """Put a stand-in for pydantic's plugin loader module in ``sys.modules`` while plugins are
    switched off.

    Every pydantic model built calls ``pydantic.plugin._schema_validator.create_schema_validator``,
    which imports ``pydantic.plugin._loader`` for its ``get_plugins``; that module imports
    ``importlib.metadata`` (and with it ``email``, ``zipfile``) at its top even when
    ``PYDANTIC_DISABLE_PLUGINS`` makes ``get_plugins`` return ``()`` before using it:
    54 M of the 1,565 M instructions of a ``recommend --json`` process (callgrind). The
    stand-in's ``get_plugins`` returns ``()`` for those values, read on every call as
    pydantic does; for any other value it drops itself and hands over to pydantic's own
    module, so a plugin setting made later in the process is honoured as before. Nothing is
    put in place if pydantic's module is loaded already or the value is another one.
    """
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in _PLUGINS_OFF or _PLUGIN_LOADER in sys.modules:
        return
    stand_in = types.ModuleType(_PLUGIN_LOADER, "gpupicker's stand-in while pydantic plugins are off")

    def get_plugins() -> Iterable[object]:
        if os.environ.get("PYDANTIC_DISABLE_PLUGINS") in _PLUGINS_OFF:
            return ()
        if sys.modules.get(_PLUGIN_LOADER) is stand_in:
            del sys.modules[_PLUGIN_LOADER]
        from importlib import import_module

        plugins: Iterable[object] = import_module(_PLUGIN_LOADER).get_plugins()
        return plugins

    stand_in.get_plugins = get_plugins  # type: ignore[attr-defined]
    sys.modules[_PLUGIN_LOADER] = stand_in


def main() -> int:
    """Run the command line / GUI and return the exit status."""
    # The first pydantic model built looks for pydantic plugins in every installed
    # distribution's entry points (pydantic.plugin._loader: ~10 ms of each CLI process and
    # window start with this project's 75 distributions, more in a crowded environment).
    # gpupicker uses none, so that search is skipped; a value the user set is kept.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    _plugin_loader_without_metadata()
    from gpupicker.cli import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())

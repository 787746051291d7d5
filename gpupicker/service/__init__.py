"""What both front ends (``gpupicker.cli`` and ``gpupicker.ui``) need from core and the catalog.

Qt-free glue, one copy each (``docs/architecture.md``, "Target layout"):

* :mod:`.resolve` — a workload against the catalog: ``model_id`` → the catalog's model, a GPU
  id → its spec, or :class:`~.resolve.UnknownModelError` / :class:`~.resolve.UnknownGpuError`
  with the message both front ends show;
* :mod:`.recommendation` — a :class:`~.recommendation.CatalogSnapshot` of the catalog and
  :func:`~.recommendation.rank_on_snapshot`: the ranking, the advice for a named GPU that
  the job does not fit and, when nothing fits, the advice for the largest card.

Validation-error text is :func:`gpupicker.catalog.errors.validation_text`: the catalog's CSV
import uses it too, and the catalog sits below this layer.

Layers (import-linter, ``pyproject.toml``): ``cli > ui > service > catalog > core``; this
package imports core and catalog only.
"""

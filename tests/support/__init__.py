"""Helpers shared by the tests (no tests and no fixtures here: fixtures live in conftest.py).

- :mod:`tests.support.paths`: the repository, ``data/``, ``scripts/`` and ``../shared`` folders.
- :mod:`tests.support.catalog_data`: the bundled ``data/*.csv`` read straight into core types.
- :mod:`tests.support.catalog_files`: the bundled price count, CSV reading/writing, read-only
  files, a child interpreter on a catalog.
- :mod:`tests.support.curves`: where a plotted curve crosses a capacity.
- :mod:`tests.support.model_files`: tiny real model files (safetensors, GGUF, configs).
- :mod:`tests.support.message_texts`: core texts that are not Messages.
- :mod:`tests.support.sample_files`: engine logs and tracker catalogs as their tools write them.
- :mod:`tests.support.seed_cases`: the seed guides' worked cases and the quoted CNY rate.
- :mod:`tests.support.validation`: the H200 measurements (``validation/h200.jsonl``).
- :mod:`tests.support.workloads`: the workloads whose core sentences the zh_CN tests translate,
  and a workload resolved in a catalog.
"""

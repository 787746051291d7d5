"""The price-tracker, ledger, exchange-rate and bundled-data refusals are core Messages: each is
triggered for real here (a file, a rate, a stored setting) and read in English and in zh_CN.

The English texts are the sentences these modules wrote before they became messages (the CLI
prints them unchanged), but for a bundled row's refusal, which now names the field as the
catalog's other refusals do; the zh_CN ones are their translations in resources/i18n.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gpupicker.catalog import CatalogRepository, CatalogSettingError, bundle, ledgers, trackers
from gpupicker.catalog.migrations import FX_SETTING
from gpupicker.core.messages import Message
from gpupicker.core.pricing.money import check_per_usd

SKYPILOT = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region\n"
GPUHUNT = "instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot\n"
LEDGER_CSV = "timestamp,provider,instance_type,gpu_type,gpu_count,price_per_hour,region,is_spot\n"


def _raised(fn: Callable[[], object]) -> Message:
    """The Message ``fn`` raises as ``args[0]``."""
    with pytest.raises(ValueError) as info:
        fn()
    first = info.value.args[0]
    assert isinstance(first, Message), repr(first)
    return first


def _file(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _tracker(tmp: Path, text: str, *, errors: bool = True, name: str = "lambda/vms.csv") -> Message:
    """The one row error (or skipped row) of a tracker file."""
    _, _, _, errs, skipped = trackers.convert(_file(tmp, name, text))
    got = errs if errors else skipped
    assert len(got) == 1, (errs, skipped)
    return got[0][1]


def _ledger(tmp: Path, name: str, data: object, fmt: str, *, errors: bool = True) -> Message:
    """The one row error (or skipped row) of a ledger JSON."""
    led = ledgers.convert_ledger(_file(tmp, name, json.dumps(data)), fmt)
    got = led.errors if errors else led.skipped
    assert len(got) == 1, (led.errors, led.skipped)
    return got[0][1]


def _ledger_csv(tmp: Path, rows: str, *, errors: bool = True) -> Message:
    led = ledgers.convert_ledger(_file(tmp, "daily.csv", LEDGER_CSV + rows))
    got = led.errors if errors else led.skipped
    assert len(got) == 1, (led.errors, led.skipped)
    return got[0][1]


def _sparse(tmp: Path, mib: int) -> Path:
    """A ledger JSON of ``mib`` MiB on disk (sparse: nothing is written but its size)."""
    path = tmp / "big.json"
    tmp.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        f.truncate(mib * 1024**2)
    return path


def _long_row(chars: int) -> str:
    """A ledger CSV row whose instance type is ``chars`` long."""
    return f"2026-11-30,lambda,{'x' * chars},H100,1,1.2,us,false\n"


def _shadeform(**change: object) -> dict[str, object]:
    item: dict[str, object] = {
        "cloud": "lambdalabs",
        "cloud_instance_type": "gpu_1x_h100",
        "hourly_price": 249,
        "configuration": {"num_gpus": 1, "gpu_type": "H100", "vram_per_gpu_in_gb": 80},
    }
    item.update(change)
    return {"instance_types": [item]}


def _offer(**change: object) -> dict[str, object]:
    offer: dict[str, object] = {"id": 7, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.4}
    offer.update(change)
    return {"offers": [offer]}


def _setting_problem(repo: CatalogRepository, key: str, value: object) -> Message:
    repo.set_setting(key, value)
    problems = repo.settings_problems()
    assert len(problems) == 1 and isinstance(problems[0], CatalogSettingError)
    return problems[0].args[0]


def _raw_setting(repo: CatalogRepository, text: str) -> Message:
    with repo._write() as conn:
        conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (FX_SETTING, text))
    with pytest.raises(CatalogSettingError) as info:
        repo.get_setting(FX_SETTING)
    return info.value.args[0]


def _user_row_reset(repo: CatalogRepository, table: str) -> Message:
    """Reset a GPU or model the user added (a copy of a bundled one under a new id)."""
    if table == "gpus":
        repo.upsert_gpu(repo.get_gpu("h100_sxm").model_copy(update={"id": "my_h100"}))
        return _raised(lambda: repo.reset_row("gpus", "my_h100"))
    record = repo.model_records()[0].model_copy(update={"id": "my_model"})
    repo.upsert_model(record)
    return _raised(lambda: repo.reset_row("models", "my_model"))


def _bad_provider_row(tmp: Path) -> Message:
    header = (Path(bundle.__file__).parents[2] / "data" / bundle.PROVIDERS_FILE).read_text(encoding="utf-8")
    _file(tmp, bundle.PROVIDERS_FILE, header.splitlines()[0] + "\nAWS,-1,8,yes,efa,4096,src,2026-12-01,\n")
    return _raised(lambda: bundle.load_providers(tmp))


CASES: dict[str, Callable[[Path, CatalogRepository], Message]] = {
    # tracker files (SkyPilot vms.csv, gpuhunt)
    "tracker.unknown_format": lambda t, r: _raised(lambda: trackers.convert(_file(t, "x.csv", "a,b\n1,2\n"))),
    "tracker.unknown_provider_folder": lambda t, r: _raised(
        lambda: trackers.convert(_file(t, "nowhere/vms.csv", SKYPILOT))
    ),
    "tracker.unknown_provider_file": lambda t, r: _raised(
        lambda: trackers.convert(_file(t, "nowhere.csv", GPUHUNT))
    ),
    "tracker.no_gpu": lambda t, r: _tracker(t, SKYPILOT + "cpu-8,,,8,32,,0.4,,us-east-1\n", errors=False),
    "tracker.unknown_accelerator": lambda t, r: _tracker(
        t, SKYPILOT + "trn1.2xl,Trainium,1,8,32,,1.3,,us-east-1\n"
    ),
    "tracker.gpu_count": lambda t, r: _tracker(t, SKYPILOT + "half,H100,0.5,8,32,,1.3,,us-east-1\n"),
    "tracker.no_price": lambda t, r: _tracker(
        t, SKYPILOT + "gpu_1x_h100,H100,1,8,32,,,,us-east-1\n", errors=False
    ),
    "tracker.cell_too_long": lambda t, r: _tracker(
        t, SKYPILOT + "x" * (64 * 1024 + 1) + ",H100,1,8,32,,1,,r\n"
    ),
    "tracker.unreadable": lambda t, r: _tracker(t, SKYPILOT + "x" * (200 * 1024) + ",H100,1,8,32,,1,,r\n"),
    "tracker.no_rows": lambda t, r: trackers.import_tracker_csv(
        r, _file(t, "lambda/vms.csv", SKYPILOT + "cpu-8,,,8,32,,0.4,,us-east-1\n"), dry_run=True
    ).result.errors[0][1],
    # ledgers (Shadeform, Vast.ai, daily ledger CSV)
    "ledger.bad_time": lambda t, r: _raised(lambda: ledgers.parse_snapshot_time("yesterday")),
    "ledger.json_limit": lambda t, r: _raised(
        lambda: ledgers.convert_ledger(_file(t, "deep.json", "[" * 10_000 + "]" * 10_000), "vastai")
    ),
    "ledger.not_json": lambda t, r: _raised(
        lambda: ledgers.convert_ledger(_file(t, "cut.json", '{"offers": ['), "vastai")
    ),
    "ledger.no_instance_types": lambda t, r: _raised(
        lambda: ledgers.convert_ledger(_file(t, "s.json", '{"types": []}'), "shadeform")
    ),
    "ledger.no_offers": lambda t, r: _raised(
        lambda: ledgers.convert_ledger(_file(t, "v.json", '{"bundles": []}'), "vastai")
    ),
    "ledger.unknown_format": lambda t, r: _raised(
        lambda: ledgers.convert_ledger(_file(t, "notes.txt", "hello\n"))
    ),
    "ledger.instance_not_object": lambda t, r: _ledger(t, "s.json", {"instance_types": [1]}, "shadeform"),
    "ledger.unknown_cloud": lambda t, r: _ledger(t, "s.json", _shadeform(cloud="moon"), "shadeform"),
    "ledger.num_gpus": lambda t, r: _ledger(
        t, "s.json", _shadeform(configuration={"num_gpus": 0, "gpu_type": "H100"}), "shadeform"
    ),
    "ledger.no_hourly_price": lambda t, r: _ledger(
        t, "s.json", _shadeform(hourly_price=0), "shadeform", errors=False
    ),
    "ledger.unknown_gpu": lambda t, r: _ledger(
        t, "s.json", _shadeform(configuration={"num_gpus": 1, "gpu_type": "Trainium"}), "shadeform"
    ),
    "ledger.json_too_big": lambda t, r: _raised(lambda: ledgers.convert_ledger(_sparse(t, 129), "vastai")),
    "ledger.cell_too_long": lambda t, r: _raised(
        lambda: ledgers.convert_ledger(_file(t, "daily.csv", LEDGER_CSV + _long_row(70_000)))
    ),
    "ledger.unreadable_csv": lambda t, r: _raised(
        lambda: ledgers.convert_ledger(_file(t, "daily.csv", LEDGER_CSV + _long_row(140_000)))
    ),
    "ledger.offer": lambda t, r: _ledger(t, "v.json", _offer(gpu_name="Trainium"), "vastai"),
    "ledger.offer_not_object": lambda t, r: _ledger(t, "v.json", {"offers": ["x"]}, "vastai"),
    "ledger.offer_fractional": lambda t, r: _ledger(
        t, "v.json", _offer(num_gpus=0.5), "vastai", errors=False
    ),
    "ledger.offer_no_price": lambda t, r: _ledger(
        t, "v.json", _offer(dph_total=None), "vastai", errors=False
    ),
    "ledger.gpu_count": lambda t, r: _ledger_csv(t, "2026-11-30,lambda,half,H100,0.5,1.2,us,false\n"),
    "ledger.unknown_provider": lambda t, r: _ledger_csv(t, "2026-11-30,moon,gpu_1,H100,1,1.2,us,false\n"),
    "ledger.no_price_per_hour": lambda t, r: _ledger_csv(
        t, "2026-11-30,lambda,gpu_1,H100,1,,us,false\n", errors=False
    ),
    "ledger.older_snapshot": lambda t, r: _ledger_csv(
        t,
        "2026-11-30,lambda,gpu_1,H100,1,1.2,us,false\n2026-11-29,lambda,gpu_1,H100,1,1.3,us,false\n",
        errors=False,
    ),
    # exchange rates and stored settings
    "fx.not_a_code": lambda t, r: _raised(lambda: r.set_fx_rate("yuan", 7.1)),
    "fx.usd_is_base": lambda t, r: _raised(lambda: r.set_fx_rate("usd", 1.0)),
    "fx.not_positive": lambda t, r: _raised(lambda: r.set_fx_rate("CNY", -7.1)),
    "fx.out_of_range": lambda t, r: _raised(lambda: r.set_fx_rate("CNY", 7.1e9)),
    "fx.not_a_number": lambda t, r: _raised(lambda: check_per_usd("7.1")),
    "fx.no_rate": lambda t, r: _raised(lambda: r.set_display_currency("ZAR")),
    "setting.not_json": lambda t, r: _raw_setting(r, "{not json"),
    "setting.not_a_table": lambda t, r: _setting_problem(r, FX_SETTING, [7.1]),
    "setting.not_a_code": lambda t, r: _setting_problem(r, FX_SETTING, {"YUAN": 7.1}),
    "setting.rate_of": lambda t, r: _setting_problem(r, FX_SETTING, {"CNY": "7.1"}),
    "setting.not_currency": lambda t, r: _setting_problem(r, "display_currency", 12),
    "setting.not_bool": lambda t, r: _setting_problem(r, "display_currency_chosen", "yes"),
    # a change the catalog refuses as a whole
    "catalog.price.unknown_gpu": lambda t, r: _raised(
        lambda: r.add_price(r.prices()[0].model_copy(update={"gpu_id": "no_such_gpu"}))
    ),
    "catalog.columns.unknown": lambda t, r: _raised(
        lambda: r.update_price_fields(r.price_rows()[0][0], {"colour": "red"})
    ),
    "catalog.columns.frozen": lambda t, r: _raised(lambda: r.update_gpu_fields("h100_sxm", {"id": "h100"})),
    "catalog.reset.user_price": lambda t, r: _raised(
        lambda: r.reset_row("prices", r.add_price(r.prices()[0].model_copy(update={"source": "user"})))
    ),
    "catalog.reset.user_gpu": lambda t, r: _user_row_reset(r, "gpus"),
    "catalog.reset.user_model": lambda t, r: _user_row_reset(r, "models"),
    # a bundled CSV row that does not validate
    "catalog.bundle.bad_row": lambda t, r: _bad_provider_row(t),
}


EXPECTED: dict[str, tuple[str, str]] = {
    "catalog.columns.frozen": (
        "id cannot be changed (add a new row instead)",
        "id 不能修改（请改为新增一行）",
    ),
    "catalog.columns.unknown": ("unknown column(s) for prices: colour", "prices 没有这些列：colour"),
    "catalog.price.unknown_gpu": (
        "unknown GPU 'no_such_gpu': add it to the GPUs first",
        "未知 GPU 'no_such_gpu'：请先把它添加到 GPU 表",
    ),
    "catalog.reset.user_gpu": (
        "gpu 'my_h100' was added by the user; it has no bundled value (delete it instead)",
        "GPU 'my_h100' 是用户添加的，没有内置值可恢复（请直接删除）",
    ),
    "catalog.reset.user_model": (
        "model 'my_model' was added by the user; it has no bundled value (delete it instead)",
        "模型 'my_model' 是用户添加的，没有内置值可恢复（请直接删除）",
    ),
    "catalog.reset.user_price": (  # {row}: the new row's id, after the bundled rows
        "price row {row} was added by the user; it has no bundled value (delete it instead)",
        "价格行 {row} 是用户添加的，没有内置值可恢复（请直接删除）",
    ),
    "catalog.bundle.bad_row": (
        "bundled providers.csv line 2: billing_increment_s: must be at least 1",
        "内置数据 providers.csv 第 2 行：billing_increment_s：不能小于 1",
    ),
    "fx.no_rate": (
        "no exchange rate for ZAR: set one with set_fx_rate first",
        "没有 ZAR 的汇率：请先为它设置汇率",
    ),
    "fx.not_a_code": (
        "currency 'yuan' is not a 3-letter code",
        "货币 'yuan' 不是 3 个字母的代码",
    ),
    "fx.not_a_number": (
        "exchange rate must be a number, got '7.1'",
        "汇率必须是数字，而不是 '7.1'",
    ),
    "fx.not_positive": (
        "exchange rate must be a positive number, got -7.1",
        "汇率必须是正数，而不是 -7.1",
    ),
    "fx.out_of_range": (
        "exchange rate must be a number from 0.001 to 1,000,000 units per US dollar, got 7100000000.0",
        "汇率必须是每美元 0.001 到 1,000,000 个货币单位之间的数字，而不是 7100000000.0",
    ),
    "fx.usd_is_base": (
        "USD is the base currency; its rate is always 1",
        "美元（USD）是基准货币，汇率始终为 1",
    ),
    "ledger.bad_time": (
        "snapshot time 'yesterday' is not an ISO 8601 date or time (2026-11-30 or 2026-11-30T14:00:00Z)",
        "快照时间 'yesterday' 不是 ISO 8601 日期或时间（如 2026-11-30 或 2026-11-30T14:00:00Z）",
    ),
    "ledger.cell_too_long": (
        "daily.csv line 2: a cell is longer than 64 KiB: not a ledger row",
        "daily.csv 第 2 行：有单元格超过 64 KiB，不是价格账本的行",
    ),
    "ledger.gpu_count": (
        "half: gpu_count '0.5' is not a whole number ≥ 1",
        "half：gpu_count '0.5' 不是 ≥ 1 的整数",
    ),
    "ledger.instance_not_object": (
        "an instance type is not a JSON object",
        "有实例类型不是 JSON 对象",
    ),
    "ledger.json_limit": (
        (
            "deep.json: the JSON is nested deeper than 64 levels, which no workload "
            "or model file needs; it was not read"
        ),
        "deep.json：JSON 嵌套超过 64 层，任何任务配置或模型文件都用不到这么深；未读取",
    ),
    "ledger.json_too_big": (
        "big.json is 129 MiB: a ledger JSON is read whole, at most 128 MiB",
        "big.json 有 129 MiB：价格账本 JSON 需整个读入，最大 128 MiB",
    ),
    "ledger.no_hourly_price": (
        "gpu_1x_h100: no hourly_price",
        "gpu_1x_h100：没有 hourly_price",
    ),
    "ledger.no_instance_types": (
        's.json: no "instance_types" list (Shadeform /instances/types JSON)',
        's.json：没有 "instance_types" 列表（Shadeform /instances/types JSON）',
    ),
    "ledger.no_offers": (
        'v.json: no "offers" list (Vast.ai offer bundles JSON)',
        'v.json：没有 "offers" 列表（Vast.ai 报价包 JSON）',
    ),
    "ledger.no_price_per_hour": (
        "gpu_1: no price_per_hour",
        "gpu_1：没有 price_per_hour",
    ),
    "ledger.not_json": (
        "cut.json is not readable JSON (Expecting value: line 1 column 13 (char 12))",
        "cut.json 不是可读的 JSON（Expecting value: line 1 column 13 (char 12)）",
    ),
    "ledger.num_gpus": (
        "gpu_1x_h100: num_gpus 0 is not a whole number ≥ 1",
        "gpu_1x_h100：num_gpus 0 不是 ≥ 1 的整数",
    ),
    "ledger.offer": (
        (
            "unknown GPU 'Trainium' (offer 7): no catalog GPU id for it; add the GPU "
            "or leave the row out (--skip-unknown)"
        ),
        (
            "未知 GPU 'Trainium'（报价 7）：价格库中没有对应的 GPU ID；"
            "请先添加该 GPU，或不导入这一行（--skip-unknown）"
        ),
    ),
    "ledger.offer_fractional": (
        "offer 7: num_gpus 0.5 (fractional GPUs are not modelled)",
        "报价 7：num_gpus 为 0.5（不支持不足一张卡的分卡实例）",
    ),
    "ledger.offer_no_price": (
        "offer 7: no dph_total",
        "报价 7：没有 dph_total",
    ),
    "ledger.offer_not_object": (
        "an offer is not a JSON object",
        "有报价不是 JSON 对象",
    ),
    "ledger.older_snapshot": (
        (
            "gpu_1: an older snapshot (2026-11-29T00:00:00Z) of an offer the file lists "
            "again at 2026-11-30T00:00:00Z"
        ),
        "gpu_1：这是较早的快照（2026-11-29T00:00:00Z），文件在 2026-11-30T00:00:00Z 又列出了同一报价",
    ),
    "ledger.unknown_cloud": (
        "unknown cloud 'moon' (gpu_1x_h100): no catalog provider for it",
        "未知云平台 'moon'（gpu_1x_h100）：价格库中没有对应的服务商",
    ),
    "ledger.unknown_format": (
        (
            "notes.txt: not a Shadeform /instances/types JSON, a Vast.ai offers JSON "
            "or a daily ledger CSV (timestamp, provider, gpu_type, gpu_count, price_per_hour "
            "…)"
        ),
        (
            "notes.txt：既不是 Shadeform /instances/types JSON、Vast.ai 报价 JSON，也不是每日价格账本 "
            "CSV（timestamp、provider、gpu_type、gpu_count、price_per_hour …）"
        ),
    ),
    "ledger.unknown_gpu": (
        (
            "unknown GPU 'Trainium' (gpu_1x_h100): no catalog GPU id for it; add the "
            "GPU or leave the row out (--skip-unknown)"
        ),
        (
            "未知 GPU 'Trainium'（gpu_1x_h100）：价格库中没有对应的 GPU ID；"
            "请先添加该 GPU，或不导入这一行（--skip-unknown）"
        ),
    ),
    "ledger.unknown_provider": (
        "unknown provider 'moon' (gpu_1): no catalog provider for it",
        "未知服务商 'moon'（gpu_1）：价格库中没有对应的服务商",
    ),
    "ledger.unreadable_csv": (
        "daily.csv is not a readable CSV file",
        "daily.csv 不是可读的 CSV 文件",
    ),
    "setting.not_a_code": (
        "YUAN: 'YUAN' is not a 3-letter currency code",
        "YUAN：'YUAN' 不是 3 个字母的货币代码",
    ),
    "setting.not_a_table": (
        "a list, not a table of rates",
        "是 list，而不是汇率表",
    ),
    "setting.not_bool": (
        "not true or false",
        "不是 true 或 false",
    ),
    "setting.not_currency": (
        "'12' is not a currency code",
        "'12' 不是货币代码",
    ),
    "setting.not_json": (
        "not JSON text",
        "不是 JSON 文本",
    ),
    "setting.rate_of": (
        "CNY: exchange rate must be a number, got '7.1'",
        "CNY：汇率必须是数字，而不是 '7.1'",
    ),
    "tracker.cell_too_long": (
        "a cell is longer than 64 KiB: not a tracker CSV row",
        "有单元格超过 64 KiB：不是价格追踪文件的 CSV 行",
    ),
    "tracker.gpu_count": (
        "half: GPU count '0.5' is not a whole number ≥ 1 (fractional GPUs are not modelled)",
        "half：GPU 数量 '0.5' 不是 ≥ 1 的整数（不支持不足一张卡的分卡实例）",
    ),
    "tracker.no_gpu": (
        "cpu-8: no GPU",
        "cpu-8：没有 GPU",
    ),
    "tracker.no_price": (
        "gpu_1x_h100: no price",
        "gpu_1x_h100：没有价格",
    ),
    "tracker.no_rows": (
        "no GPU price rows in the file",
        "文件中没有 GPU 价格行",
    ),
    "tracker.unknown_accelerator": (
        (
            "unknown accelerator 'Trainium' (trn1.2xl): no catalog GPU id for it; add "
            "the GPU or leave the row out"
        ),
        "未知加速卡 'Trainium'（trn1.2xl）：价格库中没有对应的 GPU ID；请先添加该 GPU，或不导入这一行",
    ),
    "tracker.unknown_format": (
        (
            "x.csv: not a SkyPilot vms.csv (InstanceType, AcceleratorName, AcceleratorCount, "
            "Price …) or gpuhunt CSV (instance_name, gpu_name, gpu_count, price …)"
        ),
        (
            "x.csv：既不是 SkyPilot vms.csv（InstanceType、AcceleratorName、AcceleratorCount、"
            "Price …），也不是 gpuhunt CSV（instance_name、gpu_name、gpu_count、price …）"
        ),
    ),
    "tracker.unknown_provider_file": (
        "which provider is nowhere.csv? give --provider (the file name 'nowhere' is not one gpupicker knows)",
        "nowhere.csv 属于哪个服务商？请用 --provider 指定（gpupicker 不认识文件名 'nowhere'）",
    ),
    "tracker.unknown_provider_folder": (
        "which provider is vms.csv? give --provider (the folder name 'nowhere' is not one gpupicker knows)",
        "vms.csv 属于哪个服务商？请用 --provider 指定（gpupicker 不认识文件夹名 'nowhere'）",
    ),
    "tracker.unreadable": (
        "vms.csv is not a readable CSV file from line 2 (a cell over 128 KiB, or broken quoting)",
        "vms.csv 从第 2 行起不是可读的 CSV 文件（有单元格超过 128 KiB，或引号不完整）",
    ),
}
"""Message id → (English, zh_CN) of the refusal :data:`CASES` triggers (of a damaged setting:
its detail, the part this id writes)."""


def _ids(m: Message) -> Iterator[str]:
    yield m.id
    for value in m.params.values():
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, Message):
                yield from _ids(v)


@pytest.mark.parametrize("mid", sorted(CASES))
def test_each_refusal_is_its_message_in_english_and_zh_cn(mid, tmp_path, repo, zh_cn):
    from gpupicker.ui.i18n.core_messages import tr_message

    m = CASES[mid](tmp_path / "files", repo)
    assert mid in set(_ids(m))
    shown = m.params["detail"] if m.id == "catalog.setting_damaged" else m
    assert isinstance(shown, Message)
    row = str(shown.params.get("row", "{row}"))
    assert (str(shown), tr_message(shown)) == tuple(t.replace("{row}", row) for t in EXPECTED[mid])


def test_every_new_message_has_a_case():
    from gpupicker.core.messages import TEMPLATES

    """Every id of the groups this file covers is triggered here (a new one needs its case)."""
    groups = (
        "tracker.",
        "ledger.",
        "fx.",
        "setting.",
        "catalog.bundle.",
        "catalog.columns.",
        "catalog.reset.",
    )
    ids = {i for i in TEMPLATES if i.startswith(groups)} | {"catalog.price.unknown_gpu"}
    assert ids == set(CASES) == set(EXPECTED)


def test_the_import_dialog_shows_a_tracker_refusal_in_zh_cn(qtbot, repo, zh_cn, tmp_path):
    from gpupicker.ui.catalog_editor.window import CatalogWindow

    w = CatalogWindow(repo)
    qtbot.addWidget(w)
    path = _file(tmp_path, "nowhere/vms.csv", SKYPILOT + "gpu_1x_h100,H100,1,8,32,,2.49,,us-east-1\n")
    dlg = w.start_import(str(path), "prices")
    assert dlg is not None and dlg.tracker == "skypilot"
    assert (
        dlg.info.text()
        == "vms.csv 属于哪个服务商？请用 --provider 指定（gpupicker 不认识文件夹名 'nowhere'）"
    )
    assert not dlg.import_button.isEnabled()
    dlg.close()


def test_the_fx_dialog_shows_a_damaged_rate_table_in_zh_cn(qtbot, repo, zh_cn):
    from gpupicker.ui.catalog_editor.fx_rates_dialog import FxRatesDialog

    # a hand-edited table with one bad code: saving a rate on top of it would lose it
    repo.set_setting(FX_SETTING, {"CNY": {"per_usd": 7.1, "date": "2026-12-01", "source": "user"}, "YUAN": 7})
    dlg = FxRatesDialog(repo)
    qtbot.addWidget(dlg)
    dlg.spins["CNY"].setValue(7.2)
    assert not dlg.save()
    text = dlg.message.text()
    assert (
        text.startswith("价格库 ")
        and "中的设置 'fx_per_usd' 已损坏（YUAN：'YUAN' 不是 3 个字母的货币代码）" in text
    )
    assert repo.get_fx_quotes()["CNY"].per_usd == 7.1  # nothing written


def test_resetting_a_user_added_gpu_says_why_in_zh_cn(qtbot, repo, zh_cn, monkeypatch):
    from gpupicker.ui.catalog_editor.window import CatalogWindow

    repo.upsert_gpu(repo.get_gpu("h100_sxm").model_copy(update={"id": "my_h100"}))
    w = CatalogWindow(repo)
    qtbot.addWidget(w)
    tab = w.gpu_tab
    row = next(r for r in range(tab.model.rowCount()) if tab.model.key(r) == "my_h100")
    monkeypatch.setattr(tab, "selected_source_rows", lambda: [row])
    assert w.reset_selected(tab) == 0
    assert "未恢复：" in w.statusBar().currentMessage()
    assert "GPU 'my_h100' 是用户添加的，没有内置值可恢复（请直接删除）" in w.statusBar().currentMessage()

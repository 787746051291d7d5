"""Providers: the country each one sells in, its Chinese name, and the region filter.

Every bundled provider has a row in :data:`PROVIDERS` (a test checks it). An offer's
location is, in order: its own ``region`` when that names a country (``"CN"``, ``"FI"``)
or a cloud region whose country is plain (``us-east-1``, ``eastus`` → ``US``); else the
provider's ``country`` when the provider only sells there (``sells_in``); else unknown.
A region filter (:attr:`Workload.region <gpupicker.core.workload.Workload.region>`)
keeps offers located there and the user's own hardware; offers of unknown location
are left out and said so.

Countries: provider sites / terms of service (AutoDL, 阿里云, 腾讯云, 火山引擎,
百度智能云, 华为云, 恒源云, 矩池云, Featurize, 共绩算力, GpuGeek and 优云智算 (UCloud Compshare,
compshare.cn) are mainland-China
clouds billing in CNY; RunPod, Vast.ai … sell world-wide from US companies).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..hardware.specs import PriceOffer
from ..messages import Message, join, msg, verbatim
from .ranked_cost import option_cost, ranked_cost_kind

if TYPE_CHECKING:
    from ..results import Option
    from ..workload import Workload
    from .money import Money


@dataclass(frozen=True)
class Provider:
    """One provider.

    Attributes:
        name: the catalog's provider name (``prices.provider``).
        country: ISO 3166 code of its home country.
        sells_in: True when every offer is in ``country`` (a domestic cloud); False for
            a world-wide provider whose offers need their own region.
        zh_name: the name Chinese users know it by (``""``: none; the catalog name is used).
    """

    name: str
    country: str
    sells_in: bool = False
    zh_name: str = ""


CLUSTER_NETWORKS: tuple[str, ...] = ("infiniband", "roce", "efa", "ethernet")
"""Networks a provider joins instances of a cluster over (``providers.csv`` ``cluster_network``):
InfiniBand, RoCE (RDMA over Converged Ethernet), AWS EFA, plain Ethernet (GPUDirect-TCPX)."""


class ProviderTerms(BaseModel):
    """How one provider rents GPUs: a row of the bundled ``data/providers.csv``.

    Attributes:
        provider: the catalog's provider name (``prices.provider``).
        billing_increment_s: seconds a rental is billed in (1 per-second, 60 per-minute, 3600
            per-hour); ``None`` when the provider does not publish it.
        max_gpus_per_instance: most GPUs one instance (machine, VM, pod) of the provider has.
        sells_clusters: whether several instances can be rented as one cluster.
        cluster_network: the network between instances (:data:`CLUSTER_NETWORKS`) when it does.
        max_cluster_gpus: most GPUs of one such cluster.
        source / as_of / notes: where the facts come from and when they were read.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    provider: str = Field(min_length=1)
    billing_increment_s: int | None = Field(default=None, ge=1, le=31 * 24 * 3600)
    max_gpus_per_instance: int = Field(default=8, ge=1, le=64)
    sells_clusters: bool = False
    cluster_network: str | None = None
    max_cluster_gpus: int | None = Field(default=None, ge=1, le=100_000)
    source: str = Field(min_length=1)
    as_of: str = Field(min_length=10)
    notes: str = ""

    @model_validator(mode="before")
    @classmethod
    def _blanks(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if v not in ("", None)}
            if isinstance(data.get("sells_clusters"), str):
                data["sells_clusters"] = data["sells_clusters"].strip().lower() in ("yes", "true", "1")
        return data

    @model_validator(mode="after")
    def _network(self) -> ProviderTerms:
        if self.sells_clusters and self.cluster_network not in CLUSTER_NETWORKS:
            raise ValueError(
                msg(
                    "providers.cluster_network",
                    provider=self.provider,
                    network=repr(self.cluster_network),
                    known=", ".join(CLUSTER_NETWORKS),
                )
            )
        return self


def offer_available(offer: PriceOffer | None, total_gpus: int, terms: ProviderTerms | None) -> bool:
    """Whether ``total_gpus`` of ``offer`` can be rented from its provider.

    Within one instance (the row's ``gpus_per_instance`` or the provider's
    ``max_gpus_per_instance``; 8 — one HGX node — for a provider not in the table) always;
    above it only where the provider sells clusters of that size (``providers.csv``). The
    user's own GPUs and unpriced options are :func:`~gpupicker.core.pricing.offers.instance_fits`'s.
    """
    if offer is None or offer.pricing == "owned":
        return True
    one = max(offer.gpus_per_instance or 0, terms.max_gpus_per_instance if terms else 8)
    if total_gpus <= one:
        return True
    return terms is not None and terms.sells_clusters and total_gpus <= (terms.max_cluster_gpus or 0)


def _p(name: str, country: str, sells_in: bool = False, zh: str = "") -> Provider:
    return Provider(name, country, sells_in, zh)


PROVIDERS: dict[str, Provider] = {
    p.name: p
    for p in (
        _p("AutoDL", "CN", True, "AutoDL 算力云"),
        _p("Alibaba Cloud", "CN", True, "阿里云"),
        _p("Tencent Cloud", "CN", True, "腾讯云"),
        _p("Huawei Cloud", "CN", True, "华为云"),
        _p("Volcano Engine", "CN", True, "火山引擎"),
        _p("Baidu AI Cloud", "CN", True, "百度智能云"),
        _p("Hengyuan Cloud (恒源云)", "CN", True, "恒源云"),
        _p("Matpool (矩池云)", "CN", True, "矩池云"),
        _p("Featurize", "CN", True, "Featurize"),
        _p("Gongji Compute (共绩算力)", "CN", True, "共绩算力"),
        _p("GpuGeek", "CN", True, "GpuGeek"),
        _p("UCloud Compshare (优云智算)", "CN", True, "优云智算"),
        _p("AWS", "US", False, "亚马逊云科技 AWS"),
        _p("Azure", "US", False, "微软 Azure"),
        _p("GCP", "US", False, "谷歌云 GCP"),
        _p("Oracle Cloud", "US", False, "甲骨文云"),
        _p("Akash", "US"),
        _p("CoreWeave", "US"),
        _p("Crusoe", "US"),
        _p("DataCrunch (Verda)", "FI"),
        _p("DigitalOcean", "US"),
        _p("Hyperstack", "GB"),
        _p("JarvisLabs", "IN"),
        _p("Lambda", "US"),
        _p("Latitude.sh", "US"),
        _p("Massed Compute", "US", True),
        _p("Modal", "US"),
        _p("Nebius", "NL"),
        _p("OVHcloud", "FR"),
        _p("Oblivus", "GB"),
        _p("Paperspace", "US"),
        _p("Replicate", "US"),
        _p("RunPod", "US"),
        _p("Scaleway", "FR"),
        _p("TensorDock", "US"),
        _p("Vast.ai", "US"),
        _p("Vultr", "US"),
        _p("packet.ai", "US"),
        _p("(seed text)", ""),
        _p("(seed text, provider unstated)", ""),
    )
}
"""Bundled providers by catalog name."""

REGION_NAMES: dict[str, Message] = {
    code: msg(f"providers.region.{code}")
    for code in ("CN", "US", "EU", "CA", "JP", "DE", "FI", "FR", "GB", "NL", "IN")
}
"""Region codes a workload may name (``EU`` groups its members here) → the region in prose
("China", "the United States", "the EU", …)."""

_EU = {"DE", "FI", "FR", "NL", "IE", "SE", "PL", "ES", "IT", "BE", "AT", "DK"}


def provider(name: str) -> Provider | None:
    """The provider row for a catalog name (None: not in the table)."""
    return PROVIDERS.get(name)


def zh_provider_name(name: str) -> str:
    """The Chinese display name of provider ``name`` (its catalog name when it has none)."""
    p = PROVIDERS.get(name)
    return p.zh_name if p and p.zh_name else name


def offer_country(offer: PriceOffer) -> str:
    """ISO country of ``offer`` (``""``: unknown; ``"owned"`` for the user's hardware)."""
    if offer.pricing == "owned":
        return "owned"
    reg = (offer.region or "").strip()
    if re.fullmatch(r"[A-Z]{2}", reg):
        return reg
    low = reg.lower()
    if re.match(r"us-|(east|west|central|north|south)+us\d*\b", low):
        return "US"  # AWS/GCP "us-east-1", Azure "eastus2"
    if re.match(r"cn-", low):
        return "CN"
    p = PROVIDERS.get(offer.provider)
    if p is not None and p.sells_in:
        return p.country
    return ""


def in_region(offer: PriceOffer | None, region: str) -> bool:
    """True when ``offer`` is located in ``region`` (the user's own GPUs always are)."""
    if offer is None:
        return False
    c = offer_country(offer)
    return c == "owned" or c == region or (region == "EU" and (c in _EU or c == "EU"))


def check_region(region: str) -> str:
    """``region`` upper-cased.

    Raises:
        ValueError: for a code not in :data:`REGION_NAMES` (listing them; ``args[0]``: a
            Message).
    """
    r = region.strip().upper()
    if r not in REGION_NAMES:
        raise ValueError(
            msg("providers.unknown_region", region=repr(region), regions=", ".join(REGION_NAMES))
        )
    return r


def region_filter(
    evaluations: list[tuple[Any, list[tuple[PriceOffer | None, float | None]]]], region: str | None
) -> list[tuple[Any, list[tuple[Any, Any]]]]:
    """``recommend``'s (evaluation, [(offer, usd)]) list keeping only offers in ``region``.

    All of them for None; an evaluation left without an offer is dropped.

    Raises:
        ValueError: for an unknown region code.
    """
    if not region:
        return evaluations
    r = check_region(region)
    out = []
    for ev, offers in evaluations:
        kept = [(o, u) for o, u in offers if in_region(o, r)]
        if kept:
            out.append((ev, kept))
    return out


def provider_aliases(name: str) -> set[str]:
    """The lower-cased names a user may give for catalog provider ``name``.

    The catalog name, its Chinese name (:data:`PROVIDERS`), and for a name written
    ``"Matpool (矩池云)"`` each half (``"matpool"``, ``"矩池云"``).
    """
    out = {name.strip().lower()}
    p = PROVIDERS.get(name)
    if p is not None and p.zh_name:
        out.add(p.zh_name.lower())
    m = re.fullmatch(r"(.+?)\s*\((.+)\)", name.strip())
    if m:
        out.update({m.group(1).strip().lower(), m.group(2).strip().lower()})
    return out


def check_providers(names: Sequence[str], known: Iterable[str]) -> frozenset[str]:
    """The catalog provider names that ``names`` mean (any case; catalog or Chinese names).

    Args:
        names: what the user gave (``Workload.providers``, ``recommend --provider``).
        known: every provider name of the catalog's prices.

    Raises:
        ValueError: for a name no known provider answers to (``args[0]``: a Message naming
            it and listing the known providers; the seed guides' pseudo-providers are not
            listed).
    """
    catalog = sorted({k for k in known if k and not k.startswith("(seed text")}, key=str.lower)
    by_alias: dict[str, set[str]] = {}
    for k in catalog:
        for a in provider_aliases(k):
            by_alias.setdefault(a, set()).add(k)
    out: set[str] = set()
    for n in names:
        hit = by_alias.get(n.strip().lower())
        if not hit:
            raise ValueError(
                msg(
                    "providers.unknown_provider",
                    provider=repr(n),
                    known=join([verbatim(k) for k in catalog], "list"),
                )
            )
        out |= hit
    return frozenset(out)


def in_providers(offer: PriceOffer | None, wanted: frozenset[str]) -> bool:
    """True when ``offer`` is one of ``wanted``'s providers (the user's own GPUs always are)."""
    if offer is None:
        return False
    return offer.pricing == "owned" or offer.provider in wanted


def provider_filter(
    evaluations: list[tuple[Any, list[tuple[Any, Any]]]], wanted: frozenset[str] | None
) -> list[tuple[Any, list[tuple[Any, Any]]]]:
    """``recommend``'s (evaluation, [(offer, usd)]) list keeping only ``wanted``'s offers.

    All of them for None or an empty set; an evaluation left without an offer is dropped.
    """
    if not wanted:
        return evaluations
    out = []
    for ev, offers in evaluations:
        kept = [(o, u) for o, u in offers if in_providers(o, wanted)]
        if kept:
            out.append((ev, kept))
    return out


def providers_note(wanted: frozenset[str], inside: int, total: int) -> Message:
    """The note of a provider filter: which providers, and how many options it keeps."""
    return _sentence(
        msg(
            "providers.only_providers",
            names=join([verbatim(n) for n in sorted(wanted, key=str.lower)], "list"),
            n=inside,
            total=total,
        )
    )


def region_notes(
    w: Workload, inside: Sequence[Option], everywhere: Sequence[Option], money: Money
) -> list[Message]:
    """Notes for a region filter.

    How many offers it keeps, and the best fitting option elsewhere when it is cheaper than
    the best one in the region.
    """
    r = check_region(w.region or "")
    where = REGION_NAMES[r]

    def best(opts: Sequence[Option]) -> Option | None:
        ok = [o for o in opts if o.fits and o.within_budget and o.provider]
        return min(ok, key=option_cost, default=None)

    notes = [
        _sentence(msg("providers.only_region", where=where, region=r, n=len(inside), total=len(everywhere)))
    ]
    a, b = best(inside), best(everywhere)
    if a is None and b is not None:
        notes.append(
            _sentence(
                msg(
                    "providers.none_in_region",
                    where=where,
                    n=b.num_gpus,
                    gpu=b.gpu_name,
                    provider=b.provider,
                    per_hour=money.fmt(b.cost.usd_per_hour),
                )
            )
        )
    elif (
        a is not None
        and b is not None
        and b.provider != a.provider
        and option_cost(b) < option_cost(a) * 0.999
    ):
        notes.append(
            _sentence(
                msg(
                    "providers.cheaper_outside",
                    where=where,
                    n=b.num_gpus,
                    gpu=b.gpu_name,
                    provider=b.provider,
                    price=_spend_text(b, money),
                    here=_spend_text(a, money),
                )
            )
        )
    # the seed guides price in USD: say what the same GPU × count costs here today
    for seed in (
        o
        for o in everywhere
        if o.provider.startswith("(seed text") and o.fits and o.cost.usd_total is not None
    ):
        here = next(
            (
                o
                for o in inside
                if (o.gpu_id, o.num_gpus) == (seed.gpu_id, seed.num_gpus)
                and o.provider
                and o.cost.usd_total is not None
            ),
            None,
        )
        if here is not None:
            notes.append(
                _sentence(
                    msg(
                        "providers.seed_price_here",
                        n=seed.num_gpus,
                        gpu=seed.gpu_name,
                        price=money.fmt(seed.cost.usd_per_hour),
                        hours=f"{seed.cost.hours:,.1f}",
                        total=money.fmt(seed.cost.usd_total),
                        provider=here.provider,
                        price2=money.fmt(here.cost.usd_per_hour),
                        hours2=f"{here.cost.hours:,.1f}",
                        total2=money.fmt(here.cost.usd_total),
                    )
                )
            )
            break
    return notes


def _sentence(m: Message) -> Message:
    """``m`` as a sentence of its own (English: with its full stop)."""
    return join([m], "sentences")


def _spend_text(o: Option, money: Money) -> Message:
    """The figure ``o`` is ranked on (:func:`~.ranked_cost.option_cost`) with its unit.

    The total, per month, per 1M tokens or per hour.

    "$0.16 against $0.57 here" did not say it was per hour.
    """
    c = o.cost
    kind = ranked_cost_kind(c)
    if kind == "total":
        return verbatim(money.fmt(c.usd_total))
    if kind == "month":
        return msg("report.per_month", total=money.fmt(c.usd_per_month))
    if kind == "mtok":
        return msg("recommend.price.per_mtok", amount=money.fmt(c.usd_per_million_tokens))
    return msg("recommend.price.per_hour", per_hour=money.fmt(c.usd_per_hour))


__all__ = [
    "CLUSTER_NETWORKS",
    "PROVIDERS",
    "REGION_NAMES",
    "Provider",
    "ProviderTerms",
    "check_providers",
    "check_region",
    "in_providers",
    "in_region",
    "offer_available",
    "offer_country",
    "provider",
    "provider_aliases",
    "provider_filter",
    "providers_note",
    "region_filter",
    "region_notes",
    "zh_provider_name",
]

"""Message templates of the ranking.

recommend and the modules it prices and words options with: cost, money, price_kind, owned,
providers, reasons, offers, seed_guide.

Part of :data:`gpupicker.core.messages.templates.TEMPLATES` (one English template per id;
zh_CN in resources/i18n/gpupicker_zh_CN.ts, context ``CoreText``).
"""

TEMPLATES: dict[str, str] = {
    # shown_rows: a one-row-per-GPU-type listing (CLI table, results page)
    "recommend.rows_hidden": (
        "One row per GPU type: {count} other GPU counts and offers of the same types are not shown"
    ),
    "recommend.preferred_rank.fits": "Your {gpu} × {count}: #{rank}, fits ({gib} GiB per GPU)",
    "recommend.preferred_rank.no_fit": "Your {gpu} × {count}: #{rank}, does not fit ({gib} GiB per GPU)",
    # recommend: an option's reason (core/ranking/reasons.py, recommend._build_options)
    "recommend.does_not_fit": (
        "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit"
    ),
    "recommend.does_not_fit.split": (
        "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} "
        "GiB — VRAM is the limit even split over {n} GPUs"
    ),
    "recommend.does_not_fit.pipeline": (
        "Does not fit: needs {used} GiB per GPU, the {gpu} has "
        "{cap} GiB — VRAM is the limit on each of the {n} GPUs "
        "(each GPU holds the whole pipeline)"
    ),
    "recommend.use_more_gpus": "use more GPUs, a bigger card or lower precision",
    "recommend.fits": "Fits: {used} of {cap} GiB per GPU ({headroom} headroom)",
    "recommend.fits.tight": (
        "Fits: {used} of {cap} GiB per GPU ({headroom} headroom) — tight, VRAM is nearly the limit"
    ),
    "recommend.speed.training": "{rate} training tokens/s",
    "recommend.speed.training_image": "{s} s per training image (all GPUs together)",
    "recommend.speed.image": "{seconds} s per image",
    "recommend.speed.sequence": "{rate} tokens/s per sequence",
    "recommend.speed.sequence_aggregate": "{rate} tokens/s per sequence ({aggregate} aggregate)",
    "recommend.speed.sequence_aggregate_replica": (
        "{rate} tokens/s per sequence ({aggregate} aggregate per replica)"
    ),
    "recommend.limit.bandwidth": "memory bandwidth ({bandwidth} GB/s) limits decode",
    "recommend.limit.compute": "compute ({tflops} dense TFLOPS) limits speed",
    "recommend.limit.interconnect": "the {link} link between GPUs limits speed",
    "recommend.limit.engine": "the {framework} engine's per-step overhead, not the GPU, limits speed",
    "recommend.fsdp_shards": "FSDP/ZeRO-3 shards weights, gradients and optimizer states over {n} GPUs",
    "recommend.diffusion_lora_data_parallel": (
        "data-parallel training: each of the {n} GPUs "
        "trains on its own images and the LoRA gradients "
        "are all-reduced"
    ),
    "recommend.images_per_gpu": "each of the {n} GPUs renders its own images",
    "recommend.fabric_without_bandwidth": (
        "{n} cards over {link}: its bandwidth is not in the "
        "catalog, the all-reduce is estimated at PCIe speed "
        "(a lower bound)"
    ),
    "recommend.pcie_all_reduce": (
        "{n} cards over PCIe without NVLink: the all-reduce between GPUs costs speed"
    ),
    "recommend.replicas": "{replicas} replicas needed for {rpm} requests/min",
    "recommend.price.per_hour": "{per_hour}/h",
    "recommend.price.per_mtok": "{amount} per 1M tokens",
    "recommend.price.total": "{per_hour}/h × {hours} h = {total}",
    "recommend.price.total_startup": "{per_hour}/h × {hours} h (incl. {minutes} min start-up) = {total}",
    "recommend.price.per_month": "{per_hour}/h = {per_month}/month",
    "recommend.no_price": "no price in the catalog",
    "recommend.miss.no_price": "no price in the catalog to check against the budget",
    "recommend.miss.cap": "over the {cap}/h cap",
    "recommend.miss.budget": "over the {budget} budget",
    "recommend.miss.latency": "misses the latency target",
    "recommend.miss.deadline": "misses the {deadline} h deadline",
    "recommend.consumer_no_nvlink": (
        "Consumer cards have no NVLink: gradient and parameter exchange go over PCIe"
    ),
    "recommend.price_marked": "Price marked {flag}: {why}",
    "recommend.scaling": "{n} GPUs on {nodes} nodes of {per} over {net}",
    "recommend.scaling.cost": (
        "{n} GPUs on {nodes} nodes of {per} over {net}: each GPU runs at "
        "{share} of its speed within one node (scaling cost)"
    ),
    # recommend: notes and errors
    "recommend.fx_rate": "1 USD = {rate} {currency}",
    "recommend.fx_rate.default": "1 USD = {rate} {currency} (default rate)",
    "recommend.prices_converted": "Prices converted to USD before ranking: {conversions}",
    "recommend.offers_capped": (
        "Every price offer: the {k} cheapest providers per GPU, pricing and instance size are ranked"
    ),
    "recommend.offers_dropped": "{dropped} dearer offers left out",
    "recommend.unknown_goal": "unknown goal {goal}; choose one of {goals}",
    "recommend.gpu_types_left_out": "{n} GPU type(s) left out: {why}",
    "recommend.owned_not_in_catalog": "owned {gpu_id}: the GPU is not in the catalog, left out",
    "recommend.not_estimated": "{gpu} × {n}: not estimated ({error})",
    "recommend.multi_node_added": (
        "No part holds this job in one node of 8: options of 16–64 "
        "GPUs over InfiniBand/RoCE added, each with its scaling cost"
    ),
    "recommend.no_multi_gpu_training": (
        "{gpus}: not offered for multi-GPU training (one "
        "unified-memory machine, no collective-communication "
        "fabric); single-machine options only"
    ),
    "recommend.reference_tokens": (
        "{hours} h on {n} × {gpu} ≈ {mtokens} M training tokens at the estimated speed"
    ),
    "recommend.other_hours_follow": "other options' hours follow from their own speed",
    "recommend.same_hours": (
        "Each option runs the planned {hours} h, so they do different amounts of work (a faster "
        "GPU trains more tokens in the same hours) and the cheapest is the lowest price per hour; "
        "give the dataset size or a preferred GPU to compare the same work"
    ),
    "recommend.pretrain_share": (
        "For pre-training from scratch that is {share} of the "
        "≈{btokens} B tokens a compute-optimal run needs (20 tokens per "
        "parameter, Hoffmann et al. 2022): enough for a small "
        "experiment, not a finished model"
    ),
    "recommend.no_single_gpu_fits": (
        "No single GPU fits: the job needs {need} GiB on one GPU, the largest card ({gpu}) has {cap} GiB"
    ),
    "recommend.needs_several_gpus": "It needs several GPUs (or lower precision)",
    "recommend.nothing_fits": "No option fits in memory",
    "recommend.see_advice": "see the advice for changes that would",
    "recommend.not_24gb": "In {dtype} the model does not fit a 24 GB card",
    "recommend.small_card_replicas": (
        "In {dtype} the model fits one 24 GB card, but the requests need {n} of them (one replica per card)"
    ),
    "recommend.guides_assume_quantized": (
        "guides that quote speeds for such cards assume 8- or 4-bit quantized weights"
    ),
    "recommend.seed_agrees": "Agrees with the seed guide's rule of thumb for {scenario}: {gpu} ({why})",
    "recommend.seed_suggests": "The buying guide's rule of thumb suggests {gpus} for {scenario} ({why})",
    "recommend.seed_is_preferred": "that is the GPU × count you chose",
    "recommend.seed_rank": "with these prices and speeds its best option ranks #{rank} ({n} GPU, {verdict})",
    "recommend.seed_cost_speed": (
        "It costs {cost}× the top pick and runs at {speed}× its speed ({n} × {gpu}, {provider})"
    ),
    "recommend.seed_cost": "It costs {cost}× the top pick ({n} × {gpu}, {provider})",
    "recommend.seed.large_training": "large-model training (70B+)",
    "recommend.seed.llm_training": "LLM training (7B–70B)",
    "recommend.seed.fine_tuning": "fine-tuning / LoRA",
    "recommend.seed.inference": "inference",
    "recommend.seed.development": "development / testing",
    "recommend.seed.why.large_training": "most memory and speed",
    "recommend.seed.why.llm_training": "best balance of cost and performance",
    "recommend.seed.why.fine_tuning": "24 GB, good value",
    "recommend.seed.why.inference": "high throughput at a fair price",
    "recommend.seed.why.development": "lowest cost, enough VRAM",
    "recommend.verdict.fits": "fits",
    "recommend.verdict.does_not_fit": "does not fit",
    "recommend.no_price_short": "no price",
    # cost, money: exchange rates, run cost and buy-vs-rent assumptions, errors
    "money.no_rate": "no exchange rate for {currency}",
    "money.set_rate": (
        "set one (1 USD = … {currency}) with `gpupicker catalog fx set` or in the exchange-rate dialog"
    ),
    "cost.per_hour": "{n} × {price} per GPU-hour = {per_hour}/h",
    "cost.spot.run": (
        "Spot, interruptions included: {where}, one interruption per {low}–{high} "
        "h; each costs a {restart} min restart (reload and warm-up) and {lost} min "
        "of work since the last checkpoint (every {interval} h, the workload's "
        "`checkpoint_interval_hours`) → {n} interruptions expected, {hours} h "
        "({hours_low}–{hours_high} h), {total} ({total_low}–{total_high})"
    ),
    "cost.spot.rate": "{published} ({source}, read {as_of})",
    "cost.spot.rate_unknown": (
        "{provider} publishes no interruption rate, so the range is wide (gpupicker's assumption)"
    ),
    "cost.spot.rate_unknown_any": (
        "no interruption rate is known, so the range is wide (gpupicker's assumption)"
    ),
    "recommend.stock.out": "Out of stock at {provider} in the ledger snapshot of {when}",
    "recommend.stock.in": "In stock at {provider} in the ledger snapshot of {when}",
    "recommend.stock.in_count": "In stock at {provider} ({n} GPUs free) in the ledger snapshot of {when}",
    "recommend.stock.stale": "the snapshot is {days} days old (over {limit}): stock may have changed",
    "recommend.stock.top_out": (
        "The top pick (#{rank}, {n} × {gpu} on {provider}) was out of stock in its ledger snapshot"
    ),
    "recommend.stock.take_next": "take #{rank} instead: {n} × {gpu} on {provider} at {per_hour}/h ({stock})",
    "recommend.stock.listed_in": "listed in stock",
    "recommend.stock.not_listed": "no stock data: check with the provider",
    "recommend.stock.none_in_stock": (
        "no option within the limits is in stock: check the providers or widen the limits"
    ),
    "price_moves.rent_now": "Rent now: this is the lowest price of its {n} observations over {days} days",
    "price_moves.falling": (
        "Falling: {pct} % cheaper over its last {n} observations ({days} "
        "days); waiting may pay if the job can wait (a trend, not a forecast)"
    ),
    "recommend.spot.included": (
        "Spot: the {n} interruptions expected at the provider's published "
        "rate are in the hours and total ({low}–{high} h)"
    ),
    "recommend.spot.included_wide": (
        "Spot: the {n} interruptions expected are in the hours and "
        "total; no published rate, so {low}–{high} h"
    ),
    "recommend.spot.unfinishable": (
        "Spot: interrupted faster than it progresses at the expected "
        "rate, so no total (checkpoint more often or rent on demand)"
    ),
    "cost.spot.rate_order": "{provider}: the low interruption rate is above the high one",
    "cost.spot.not_positive": "the run length and the checkpoint interval must be positive",
    "cost.subscription": "{kind}: billed {n} × {period} h for a {run} h run = {total}",
    "cost.subscription.monthly": "Monthly subscription",
    "cost.subscription.yearly": "Yearly subscription",
    "cost.startup": "Start-up billed: {minutes} min ({why}; workload startup_minutes)",
    "cost.startup.default": "image pull, model download and load of {gib} GiB of weights",
    "cost.startup.given": "as given",
    "cost.billing": "{provider} bills in steps of {step}: {hours} h billed",
    "cost.billing.unknown": "{provider} does not publish its billing step: billed by the second",
    "cost.serving_hours": "Serving {hours} h per month",
    "cost.energy": "GPU energy {kwh} kWh ({watts} W × {share} × {n} GPUs)",
    "cost.kwh_per_million": "{kwh} kWh per 1M tokens",
    "cost.hours_used": "{hours} h used per month",
    "cost.power": "power {watts} W × {utilization} at ${price}/kWh",
    "cost.no_resale": "no resale value",
    "cost.replica_speed_not_positive": "replica throughput must be positive",
    # price_kind: kinds, trust marks and the top-pick note
    "price_kind.list": "provider list price",
    "price_kind.marketplace": "marketplace listing",
    "price_kind.aggregate": "scraped aggregate",
    "price_kind.guide": "quoted in a guide",
    "price_kind.user": "your own price",
    "price_kind.owned": "your own hardware",
    "price_kind.flag.low_trust": "low-trust",
    "price_kind.flag.stale": "stale",
    "price_kind.why.guide": "a figure quoted in a guide, no provider named",
    "price_kind.why.doubt": "its source says: {marker}",
    "price_kind.why.too_low": (
        "{price} per GPU-hour is below any real rental ({floor}): check its unit and currency"
    ),
    "price_kind.why.no_date": "observed date unknown",
    "price_kind.why.old": "observed {observed}, over {months} months ago",
    "price_kind.observed_unknown": "unknown",
    "price_kind.top_pick_flagged": (
        "The top pick rests on a {flag} price ({provider}, {kind}, observed {observed}: {why})"
    ),
    "price_kind.check_it": "check it before relying on it",
    "price_kind.best_unflagged": (
        "The best option with an unflagged price is #{rank} ({n} × {gpu}, {provider}, {per_hour}/h)"
    ),
    # owned: break-even and errors
    "owned.break_even": (
        "Break-even vs the best rental ({n} × {gpu}, {provider}, {per_hour}/h): "
        "{months} months at {share} use"
    ),
    "owned.break_even.never": (
        "Break-even vs the best rental ({n} × {gpu}, {provider}, "
        "{per_hour}/h): never (the rental costs less than the power bill)"
    ),
    "owned.no_power": "owned {gpu_id}: give its power draw in W (the catalog has no TDP)",
    # providers: the region filter
    "providers.only_region": "Only offers in {where} ({region}): {n} of {total} options",
    "providers.none_in_region": (
        "No offer in {where} fits; the cheapest elsewhere is {n} × {gpu}, {provider}, {per_hour}/h"
    ),
    "providers.cheaper_outside": (
        "Cheaper outside {where}: {n} × {gpu}, {provider}, {price} against {here} here"
    ),
    "providers.seed_price_here": (
        "The seed guide prices {n} × {gpu} at {price}/h × {hours} h = "
        "{total}; at {provider} today: {price2}/h × {hours2} h = "
        "{total2}"
    ),
    "providers.cluster_network": (
        "provider {provider} sells clusters over an unknown network {network}; known: {known}"
    ),
    "recommend.no_cluster_for_sale": (
        "Options above one instance are kept only where the "
        "provider sells clusters of that size (data/providers.csv): "
        "{n} left out"
    ),
    "recommend.cluster_network": (
        "{provider} joins the nodes over {network}; the speed above "
        "assumes InfiniBand-class links of 400 Gb/s per GPU between "
        "nodes"
    ),
    "recommend.cluster_ethernet_slower": "plain Ethernet is slower than that, so allow for a longer run",
    "providers.unknown_region": "unknown region {region}; choose one of {regions}",
    "providers.unknown_provider": "unknown provider {provider}; the catalog knows {known}",
    "providers.only_providers": "Only offers of {names}: {n} of {total} options",
    "providers.region.CN": "China",
    "providers.region.US": "the United States",
    "providers.region.EU": "the EU",
    "providers.region.CA": "Canada",
    "providers.region.JP": "Japan",
    "providers.region.DE": "Germany",
    "providers.region.FI": "Finland",
    "providers.region.FR": "France",
    "providers.region.GB": "the United Kingdom",
    "providers.region.NL": "the Netherlands",
    "providers.region.IN": "India",
}

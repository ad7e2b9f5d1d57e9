"""The server's load per click (issue 24 point 7): its CPU per card click, by page, and the
click-to-feedback of 10 and 30 learners at once on one server.

    PYTHONPATH=. .venv/bin/python bench/bench_load.py [--clicks 20] [--learners 10,30]
        [--seconds 60] [--think 2-4] [--browser-clicks 10] [--profile FILE]

Starts ``streamlit run app.py`` (tests/e2e/e2e_server.py, with its CPU probe: the server's own
``time.process_time`` on a signal, every thread counted) over the shipped content and a
throwaway progress database, waits for the warm-up to end (the server idle), then:

1. **CPU per click, by page** -- one learner at a time, a simulated one (bench/st_client.py: the
   app's websocket protocol, no browser), clicking cards on Learn, the daily puzzle, Puzzles and
   Play, and the buttons that move on (next puzzle, next lesson, another puzzle). The server's CPU
   is read before a click and after its run is over (and 0.2 s more: what it still sends). The
   idle server's CPU over as long is printed beside it.
2. **The same clicks in a real browser** (``--browser-clicks``, Debian's Chromium): a card on
   Puzzles and on Play, the CPU the server spent on each -- what the browser's own messages cost
   besides the simulated learner's.
3. **Learners at once** -- ``--learners`` simulated learners (Puzzles, Play and Learn in turn),
   each clicking every ``--think`` seconds for ``--seconds``: click-to-feedback (the click's
   message to the server's "run finished"; the browser's drawing is not in it) p50 / p95 by
   action and in all, the server's CPU per click, and the machine's load before and after.

Aims (issue 24): CPU per card click median <= 30 ms, p95 <= 80 ms; 30 learners: p95 < 1 s.
``--profile FILE`` writes the cProfile of every script run of part 1 (pstats format).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
from st_client import Client  # noqa: E402
from timing import load, pct  # noqa: E402

from e2e_server import CHROMIUM, LAUNCH_ARGS, Served, settled, streamlit_process  # noqa: E402

#: What each simulated learner does, by page (its URL path); each returns what it clicked.
Step = Callable[[Client, random.Random], Awaitable[str]]


async def _answer(c: Client, scope: str, page: str, rnd: random.Random) -> str | None:
    """A card of the question in ``scope`` (for "which cards may you play": *Check* once one is
    picked); None when the question has no card to click (a count)."""
    cards = [k for k in c.buttons(f"w:{scope}:") if ":card-" in k]
    checks = [k for k in c.buttons(f"w:{scope}:") if k.endswith(":check")]
    if cards:
        await c.click(rnd.choice(cards))
        return f"{page}: card"
    if checks:
        await c.click(checks[0])
        return f"{page}: check"
    return None


async def _puzzles(c: Client, rnd: random.Random) -> str:
    """The puzzle answered, then *Next puzzle* -- or, with no card to click, another puzzle
    from the list."""
    if not c.buttons("puzzle_next") and (done := await _answer(c, "puzzles", "puzzles", rnd)):
        return done
    if c.buttons("puzzle_next"):
        await c.click("puzzle_next")
        return "puzzles: next"
    await c.choose("puzzle", rnd.choice(c.options("puzzle")))
    return "puzzles: pick"


async def _play(c: Client, rnd: random.Random) -> str:
    cards = c.buttons("play:card:")
    if cards:
        await c.click(rnd.choice(cards))
        return "play: card"
    if c.buttons("play:next"):
        await c.click("play:next")
        return "play: next deal"
    await c.open("play")
    return "play: open"


async def _learn(c: Client, rnd: random.Random) -> str:
    """The lesson's exercise answered, then the next lesson -- or, stuck on a count, another."""
    if done := await _answer(c, "lesson", "learn", rnd):
        return done
    if c.buttons("learn_next"):
        await c.click("learn_next")
        return "learn: next lesson"
    lessons = c.options("lesson")
    await c.choose("lesson", rnd.choice(lessons[1:] or lessons))
    return "learn: pick"


STEPS: dict[str, Step] = {"puzzles": _puzzles, "play": _play, "": _learn}


async def _fresh(base: str, page: str) -> Client:
    client = Client(base)
    await client.connect()
    await client.open(page)
    return client


async def _first_visit(base: str) -> None:
    """The server's first page: the warm-up (the daily evidence, the imports) starts after it."""
    client = await _fresh(base, "")
    await client.close()


def _idle(served: Served, quiet: float = 0.02, span: float = 1.0, limit: float = 180) -> float:
    """Wait until the server spends less than ``quiet`` s of CPU in ``span`` s (the warm-up's
    evidence and imports done); its CPU rate then, in ms per second."""
    deadline = time.monotonic() + limit
    while True:
        a = served.cpu()
        time.sleep(span)
        used = served.cpu() - a
        if used < quiet or time.monotonic() > deadline:
            return used / span * 1000


async def cpu_by_page(served: Served, clicks: int, rnd: random.Random) -> dict[str, list[float]]:
    """Part 1: ``clicks`` clicks a page, one at a time, the server's CPU (ms) of each."""
    out: dict[str, list[float]] = defaultdict(list)

    async def measured(client: Client, step: Step) -> None:
        before = served.cpu()
        what = await step(client, rnd)
        await asyncio.sleep(0.2)
        out[what].append((served.cpu() - before) * 1000)

    for page, step in STEPS.items():
        client = await _fresh(served.base, page)
        await client.open(page)  # the page's second run: its first one loads what it needs once
        for _ in range(clicks):
            await measured(client, step)
            await asyncio.sleep(0.1)
        if client.exceptions:
            print(f"page {page or 'learn'}: {client.exceptions[-1][:200]}")
        await client.close()
    for _ in range(max(2, clicks // 4)):  # the daily puzzle: one answer a session
        client = await _fresh(served.base, "daily")
        cards = [k for k in client.buttons("w:daily:") if ":card-" in k]
        if cards:
            before = served.cpu()
            await client.click(rnd.choice(cards))
            await asyncio.sleep(0.2)
            out["daily: card"].append((served.cpu() - before) * 1000)
        await client.close()
    return out


def cpu_in_browser(served: Served, clicks: int) -> dict[str, list[float]]:
    """Part 2: cards clicked in Chromium, the server's CPU (ms) of each: on Puzzles (each a lead
    or play puzzle opened by its link, ``?puzzle=ID``) and on Play (one deal, card after card)."""
    from playwright.sync_api import sync_playwright

    from tutor.content.loader import load_paths

    ids = [p.item.id for p in load_paths().puzzles if p.item.question in ("lead", "play")][:clicks]
    out: dict[str, list[float]] = defaultdict(list)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})

        def measured(what: str, card: str) -> None:
            page.wait_for_selector(card, timeout=90_000)
            settled(page)
            before = served.cpu()
            page.locator(card).first.click()
            settled(page)
            out[what].append((served.cpu() - before) * 1000)

        for puzzle_id in ids:
            page.goto(f"{served.base}/puzzles?lang=en&puzzle={puzzle_id}")
            measured("puzzles: card (browser)", "[class*='st-key-w-puzzles-'][class*='card-'] button:not([disabled])")
        page.goto(f"{served.base}/play?lang=en")
        for _ in range(min(clicks, 12)):
            measured("play: card (browser)", "[class*='st-key-play-card-'] button:not([disabled])")
        browser.close()
    return out


async def learners_at_once(served: Served, n: int, seconds: float, think: tuple[float, float],
                           seed: int, pages: list[str]) -> tuple[dict[str, list[float]], float, int]:
    """Part 3: ``n`` learners clicking at once, on ``pages`` in turn; latencies (s) by action,
    the server's CPU per click (ms) and the clicks made."""
    clients = []
    for i in range(n):  # opened one by one: the openings are not what is measured
        clients.append(await _fresh(served.base, pages[i % len(pages)]))
    latencies: dict[str, list[float]] = defaultdict(list)
    slowest: list[tuple[float, float, str, int]] = []  # (latency, when, what, learner)
    began = time.monotonic()
    end = began + seconds

    waiting: dict[int, float] = {}  # learner -> when his click was sent

    async def learner(i: int, client: Client) -> None:
        rnd = random.Random(seed * 1000 + i)
        step = STEPS[pages[i % len(pages)]]
        await asyncio.sleep(rnd.uniform(0, think[1]))  # not all at the same instant
        while time.monotonic() < end:
            start = time.perf_counter()
            waiting[i] = time.monotonic()
            what = await step(client, rnd)
            waiting.pop(i, None)
            took = time.perf_counter() - start
            latencies[what].append(took)
            slowest.append((took, time.monotonic() - began - took, what, i))
            await asyncio.sleep(rnd.uniform(*think))

    samples: list[tuple[float, float, float]] = []  # (when, server CPU share of a core, machine busy share)

    async def sampler() -> None:
        last_cpu, last_machine, last = served.cpu(), _machine_busy(), time.monotonic()
        while time.monotonic() < end:
            await asyncio.sleep(1.0)
            cpu, machine, now = served.cpu(), _machine_busy(), time.monotonic()
            samples.append((now - began, (cpu - last_cpu) / (now - last),
                            (machine[0] - last_machine[0]) / max(machine[1] - last_machine[1], 1)))
            last_cpu, last_machine, last = cpu, machine, now

    async def stalls() -> None:
        """A click waiting over 1.5 s: the server's stacks, once in 2 s (Served.stacks)."""
        last = 0.0
        while time.monotonic() < end:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            if any(now - t > 1.5 for t in waiting.values()) and now - last > 2:
                served.proc.send_signal(signal.SIGWINCH)
                last = now

    before = served.cpu()
    await asyncio.gather(sampler(), stalls(), *(learner(i, c) for i, c in enumerate(clients)))
    used = served.cpu() - before
    clicks = sum(len(v) for v in latencies.values())
    for client in clients:
        await client.close()
    slowest.sort(reverse=True)
    print("slowest clicks: " + "; ".join(f"{what} of learner {i} at {when:.1f} s: {took * 1000:.0f} ms"
                                         for took, when, what, i in slowest[:6]))
    if slowest:  # what the server and the machine were doing around the slowest click
        took, when, _, _ = slowest[0]
        near = [f"{t:.0f} s: server {srv * 100:.0f} % of a core, machine {busy * 100:.0f} % busy"
                for t, srv, busy in samples if when - 2 <= t <= when + took + 2]
        print("around it: " + "; ".join(near))
    share = [srv for _, srv, _ in samples]
    if share:
        print(f"server CPU over the run: mean {sum(share) / len(share) * 100:.0f} % of a core, "
              f"max {max(share) * 100:.0f} % (1 s samples)")
    return latencies, used / max(clicks, 1) * 1000, clicks


def _machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of the machine's CPUs so far (``/proc/stat``)."""
    with open("/proc/stat") as f:
        fields = [float(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields)


def _table(title: str, rows: dict[str, list[float]], unit: str, scale: float = 1.0) -> None:
    print(f"\n{title:40} {'n':>4} {'p50 ' + unit:>9} {'p95 ' + unit:>9} {'max ' + unit:>9}")
    for name in sorted(rows):
        values = [v * scale for v in rows[name]]
        print(f"{name:40} {len(values):>4} {pct(values, .5):>9.1f} {pct(values, .95):>9.1f} {max(values):>9.1f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=20, help="clicks a page in part 1")
    ap.add_argument("--browser-clicks", type=int, default=10, help="clicks a page in part 2 (0: skip it)")
    ap.add_argument("--learners", default="10,30", help="learners at once in part 3, e.g. 10,30 (empty: skip it)")
    ap.add_argument("--seconds", type=float, default=60, help="how long each part-3 run lasts")
    ap.add_argument("--think", default="2-4", help="seconds between a learner's clicks, LOW-HIGH")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pages", default="puzzles,play,learn", help="the pages of part 3's learners, in turn")
    ap.add_argument("--profile", default="", help="write part 1's cProfile (pstats) to this file")
    ap.add_argument("--stacks", default="", help="keep the server's stacks taken when a part-3 click waited 1.5 s")
    args = ap.parse_args(argv)
    think = tuple(float(x) for x in args.think.split("-"))
    rnd = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        env = {"WHIST_TUTOR_DB": str(Path(tmp) / "progress.db")}
        if args.profile:
            os.environ["WHIST_BENCH_PROFILE"] = str(Path(args.profile).resolve())
        with streamlit_process(Path(tmp), env, cpu_probe=True) as served:
            asyncio.run(_first_visit(served.base))
            print(load(), "(start)", flush=True)
            idle = _idle(served)
            print(f"server idle: {idle:.1f} ms of CPU a second", flush=True)
            if args.profile:
                served.proc.send_signal(signal.SIGUSR2)  # drop the start's runs from the profile
            by_page = asyncio.run(cpu_by_page(served, args.clicks, rnd))
            if args.profile:
                served.proc.send_signal(signal.SIGUSR2)
                time.sleep(1)
            _table("server CPU per click (simulated)", by_page, "ms")
            cards = [v for k, vs in by_page.items() if k.endswith("card") for v in vs]
            print(f"{'every card click':40} {len(cards):>4} {pct(cards, .5):>9.1f} {pct(cards, .95):>9.1f}"
                  f" {max(cards):>9.1f}   (aim: p50 <= 30, p95 <= 80)")
            print(load(), flush=True)
            if args.browser_clicks:
                _table("server CPU per click (Chromium)", cpu_in_browser(served, args.browser_clicks), "ms")
                print(load(), flush=True)
            for n in (int(x) for x in args.learners.split(",") if x.strip()):
                _idle(served)
                before = load()
                pages = ["" if p == "learn" else p for p in args.pages.split(",")]
                latencies, cpu, clicks = asyncio.run(learners_at_once(served, n, args.seconds, think, args.seed, pages))
                _table(f"{n} learners at once: click to feedback", latencies, "ms", 1000)
                every = [v for vs in latencies.values() for v in vs]
                print(f"{'every click':40} {len(every):>4} {pct(every, .5) * 1000:>9.1f} "
                      f"{pct(every, .95) * 1000:>9.1f} {max(every) * 1000:>9.1f}   (aim: p95 < 1000)")
                print(f"{clicks} clicks in {args.seconds:.0f} s ({clicks / args.seconds:.1f} a second), "
                      f"server CPU {cpu:.1f} ms a click; {before} before, {load()} after", flush=True)
                taken = Path(str(served.probe) + ".stacks")
                if args.stacks and taken.exists():
                    shutil.copy(taken, f"{args.stacks}.{n}")
                    taken.write_text("")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The lab's tests run their coroutines with asyncio.run; in the whole suite the browser tests' Playwright
keeps an event loop running in the main thread for the session, where asyncio.run refuses to start. Each
test of this folder therefore runs in a thread of its own, where no loop runs."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool:
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(pyfuncitem.obj, **arguments).result()
    return True

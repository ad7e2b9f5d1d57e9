"""Whist Tutor -- the Streamlit entry point: ``streamlit run app.py``.

This file has two roles. Run by Streamlit for a page view (there is a script-run context), it
draws the app: everything lives in :mod:`tutor.ui`, and this only starts the frame (page config,
language, navigation over the pages listed in :mod:`tutor.ui.nav`).

Read by ``streamlit run app.py`` before the server starts, it is the server: ``app`` is an
``st.App`` (Streamlit's documented ASGI application; ``streamlit run`` serves a script that
defines one through it, as ``uvicorn app:app`` would) with this file as its script and two
middlewares in front: one refuses Streamlit's endpoints that tell a stranger about the learners
(``/_stcore/metrics``: every session's connect and disconnect; Streamlit has no setting for them,
issue 23, :mod:`tutor.serving`); one tells the page where the server is, so a new tab connects
without a wrong first try (issue 24, :mod:`tutor.page_base`).
"""

import streamlit as st
from starlette.middleware import Middleware
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.page_base import PinBackendBase
from tutor.serving import RefuseInternalEndpoints
from tutor.ui.nav import PAGES

if get_script_run_ctx(suppress_warning=True) is not None:  # a page view
    from tutor.ui.shell import main

    main()
else:  # the server, before any page view
    app = st.App(__file__, middleware=[
        Middleware(RefuseInternalEndpoints, base=st.get_option("server.baseUrlPath") or ""),
        Middleware(PinBackendBase, pages=[p.key for p in PAGES])])
